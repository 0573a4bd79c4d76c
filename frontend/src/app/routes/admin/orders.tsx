export { OrdersView as Component } from '@/features/admin/orders/components/orders-view';
