export { ProductEditor as Component } from '@/features/admin/catalog/components/product-editor';
