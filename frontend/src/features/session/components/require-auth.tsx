// Access control of spec 1 §2: a spinner while auth is loading, /login for a visitor who is not
// signed in (with where they were going, so the login page can send them back).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSuspense } from '@/components/page-suspense';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/session/use-session';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner page label="Checking your session…" />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return <PageSuspense>{children}</PageSuspense>;
}
