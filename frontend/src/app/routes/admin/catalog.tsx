export { CatalogList as Component } from '@/features/admin/catalog/components/catalog-list';
