// Who is signed in, for components: the user, the token, the admin flag and whether auth is loading.
import { useAtomValue } from 'jotai';
import { useHydrated } from '@/lib/use-hydrated';
import { authCheckAtom, sessionAtom, type Session, type SessionUser } from './session-store';

export interface SessionState {
  session: Session | null;
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True while a restored session is still being confirmed: guards show a spinner meanwhile. */
  isLoading: boolean;
}

export function useSession(): SessionState {
  // A prerendered page is a visitor's: the signed-in user shows once hydrated.
  const saved = useAtomValue(sessionAtom);
  const session = useHydrated() ? saved : null;
  const check = useAtomValue(authCheckAtom);
  return {
    session,
    user: session?.user ?? null,
    token: session?.token ?? null,
    isAuthenticated: session !== null,
    isAdmin: session?.user.is_admin === true,
    isLoading: session !== null && check !== 'done',
  };
}

/** The name the header shows: first name, else e-mail (spec 1 §2). */
export const displayName = (user: SessionUser) => user.first_name.trim() || user.email;
