// /forgot-password: ask for a reset link by e-mail.
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import '@/features/auth/components/auth.css';

export function Component() {
  return (
    <Page
      title="Forgot Password"
      heading="Forgot your password?"
      width="narrow"
      intro="Enter your e-mail and we will send you a link to set a new password."
    >
      <div className="auth-card">
        <ForgotPasswordForm />
        <p className="auth-card__links">
          <Link to="/login">Back to Sign In</Link>
        </p>
      </div>
    </Page>
  );
}
