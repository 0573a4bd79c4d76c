// /account/change-password.
import { PageMeta } from '@/components/page-meta';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export function Component() {
  return (
    <section aria-labelledby="change-password-heading">
      <PageMeta title="Change Password" />
      <h2 id="change-password-heading" className="account-section__heading">
        Change Password
      </h2>
      <ChangePasswordForm />
    </section>
  );
}
