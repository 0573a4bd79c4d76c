export { SalesReportView as Component } from '@/features/admin/sales/components/sales-report-view';
