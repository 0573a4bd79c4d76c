// Admin-only areas (spec 1 §2): a signed-in non-admin is sent to /login with a console warning.
// `adminOnly` tells the login page to offer the form instead of sending a signed-in user straight
// back here (which would loop).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSuspense } from '@/components/page-suspense';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/session/use-session';

export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isAdmin, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner page label="Checking your session…" />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isAdmin) {
    console.warn('Admin area refused: the signed-in user is not an admin.');
    return <Navigate to="/login" replace state={{ from: location, adminOnly: true }} />;
  }
  return <PageSuspense>{children}</PageSuspense>;
}
