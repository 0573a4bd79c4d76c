// Sign in, create an account, sign out (spec 1 §4 "Session"). A failed login or registration
// clears the session; logout clears it even when the server call fails. The pages are elsewhere:
// they call these and show the thrown error's message.
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { ApiError, api, serverMessage } from '@/lib/api-client';
import { announceCartChange } from '@/lib/cart/get-cart';
import { authResponseSchema } from '@/lib/mini-schemas/account';
import { okSchema } from '@/lib/mini-schemas/common';
import { setSessionAtom, type Session } from './session-store';
import { AUTH_MESSAGES } from './auth-messages';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  firstName: string;
  lastName: string;
}

/** ApiError with the server's message, else the fallback sentence (network failures too). */
function authError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError)
    return new ApiError(serverMessage(error.data) ?? fallback, error.status, error.data);
  return new ApiError(fallback, 0, null);
}

export function useAuthActions() {
  const setSession = useSetAtom(setSessionAtom);
  const queryClient = useQueryClient();

  // Whose cart and orders are shown changes with the session (a guest cart merges on sign-in).
  const refreshUserData = useCallback(() => queryClient.invalidateQueries(), [queryClient]);

  const authenticate = useCallback(
    async (path: '/auth/login' | '/auth/register', json: unknown, fallback: string): Promise<Session> => {
      try {
        const answer = await api.post(path, { schema: authResponseSchema, json, auth: false });
        const session = { token: answer.token, user: answer.user };
        setSession(session);
        void refreshUserData();
        // The guest cart merged into the account's: other tabs read it as of the merge.
        announceCartChange();
        return session;
      } catch (error) {
        setSession(null);
        throw authError(error, fallback);
      }
    },
    [setSession, refreshUserData],
  );

  const login = useCallback(
    (input: LoginInput) => authenticate('/auth/login', input, AUTH_MESSAGES.login),
    [authenticate],
  );
  const register = useCallback(
    (input: RegisterInput) => authenticate('/auth/register', input, AUTH_MESSAGES.register),
    [authenticate],
  );
  const logout = useCallback(async (): Promise<void> => {
    try {
      await api.post('/auth/logout', { schema: okSchema });
    } catch {
      // Signing out locally must not depend on the server answering.
    } finally {
      setSession(null);
      queryClient.clear();
    }
  }, [setSession, queryClient]);

  return useMemo(() => ({ login, register, logout, setSession }), [login, register, logout, setSession]);
}
