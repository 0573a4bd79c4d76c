export { WebhooksView as Component } from '@/features/admin/webhooks/components/webhooks-view';
