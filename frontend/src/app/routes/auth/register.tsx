// /register ('Create Account'): a new account, then back to where the visitor came from.
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { RegisterForm } from '@/features/auth/components/register-form';
import { returnPath } from '@/features/auth/return-path';
import { useSession } from '@/lib/session/use-session';
import '@/features/auth/components/auth.css';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const target = returnPath(location.state);
  if (isAuthenticated) return <Navigate to={target} replace />;
  return (
    <Page
      title="Create Account"
      heading="Create Account"
      width="narrow"
      canonicalPath="/register"
      intro="Save your addresses, follow your orders and collect loyalty points."
    >
      <div className="auth-card">
        <RegisterForm onRegistered={() => navigate(target, { replace: true })} />
        <p className="auth-card__links">
          <span>
            Already have an account?{' '}
            <Link to="/login" state={location.state}>
              Sign In
            </Link>
          </span>
        </p>
      </div>
    </Page>
  );
}
