export { UsersView as Component } from '@/features/admin/users/components/users-view';
