export { AbandonedView as Component } from '@/features/admin/abandoned/components/abandoned-view';
