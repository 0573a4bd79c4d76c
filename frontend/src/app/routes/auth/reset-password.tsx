// /reset-password/:token: set a new password with the e-mailed link's token.
import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import '@/features/auth/components/auth.css';

export function Component() {
  const { token = '' } = useParams();
  return (
    <Page title="Reset Password" heading="Set a new password" width="narrow">
      <div className="auth-card">
        <ResetPasswordForm token={token} />
      </div>
    </Page>
  );
}
