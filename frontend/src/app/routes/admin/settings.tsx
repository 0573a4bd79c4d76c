export { SettingsView as Component } from '@/features/admin/catalog/components/settings-view';
