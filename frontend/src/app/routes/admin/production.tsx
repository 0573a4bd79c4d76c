// The production queue (features/admin/orders/components/production-queue.tsx).
export { ProductionQueue as Component } from '@/features/admin/orders/components/production-queue';
