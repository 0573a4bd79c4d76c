// Confirms a restored session once per load with GET /api/auth/me: a refused token (401) clears
// it; a fresh user record replaces the stored one. Network trouble keeps the session as stored.
import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { meResponseSchema } from '@/lib/mini-schemas/account';
import { authCheckAtom, sessionAtom, setSessionAtom } from './session-store';

export function useSessionCheck(): void {
  const [session] = useAtom(sessionAtom);
  const setSession = useSetAtom(setSessionAtom);
  const [check, setCheck] = useAtom(authCheckAtom);
  const token = session?.token;

  useEffect(() => {
    if (check !== 'pending') return;
    if (!token) {
      setCheck('done');
      return;
    }
    setCheck('checking');
    api
      .get('/auth/me', { schema: meResponseSchema })
      .then((answer) => setSession({ token, user: answer.user }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setSession(null);
      })
      .finally(() => setCheck('done'));
  }, [check, token, setSession, setCheck]);
}
