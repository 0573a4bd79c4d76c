export { DashboardView as Component } from '@/features/admin/dashboard/components/dashboard-view';
