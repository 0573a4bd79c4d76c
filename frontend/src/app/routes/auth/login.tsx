// /login: sign in, then back to where the visitor came from.
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/features/auth/return-path';
import { useSession } from '@/lib/session/use-session';
import '@/features/auth/components/auth.css';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const target = returnPath(location.state);
  // Sent here by the admin guard: a signed-in customer may sign in again with an admin account.
  const adminOnly = (location.state as { adminOnly?: unknown } | null)?.adminOnly === true;
  if (isAuthenticated && !adminOnly) return <Navigate to={target} replace />;
  return (
    <Page
      title="Sign In"
      heading="Sign In"
      width="narrow"
      canonicalPath="/login"
      intro="Welcome back! Sign in to see your orders and check out faster."
    >
      <div className="auth-card">
        {adminOnly && <Alert tone="info">That area is for admins. Sign in with an admin account.</Alert>}
        <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
        <p className="auth-card__links">
          <Link to="/forgot-password">Forgot your password?</Link>
          <Link to="/register" state={location.state}>
            Create Account
          </Link>
        </p>
      </div>
    </Page>
  );
}
