// Sign Out from any menu: to the home page first, then the session is cleared. Going home first
// keeps an account page's login guard from sending the visitor to /login as the session goes.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthActions } from '@/lib/session/use-auth-actions';

export function useSignOut(): () => Promise<void> {
  const { logout } = useAuthActions();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate('/');
    await logout();
  }, [logout, navigate]);
}
