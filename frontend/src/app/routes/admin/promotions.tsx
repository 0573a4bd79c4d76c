export { PromotionsView as Component } from '@/features/admin/promotions/components/promotions-view';
