// The admin area's frame (features/admin/components/admin-layout.tsx).
export { AdminLayout as Component } from '@/features/admin/components/admin-layout';
