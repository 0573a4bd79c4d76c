// The session of spec 1 §4: token and user kept in localStorage under `token` and `user`,
// restored on load. Jotai holds it for the app; every write goes to storage too.
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import type { UserDto } from '@printshop/shared-events/api/account';
import { userSchema } from '@/lib/mini-schemas/account';
import { readStored, writeStored } from '@/lib/storage';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export type SessionUser = UserDto;
export interface Session {
  token: string;
  user: SessionUser;
}

/** The stored session, or null when either half is missing or the user no longer parses. */
export function readStoredSession(): Session | null {
  const token = readStored(TOKEN_KEY);
  const userText = readStored(USER_KEY);
  if (!token || !userText) return null;
  try {
    const user = userSchema.safeParse(JSON.parse(userText));
    return user.success ? { token, user: user.data } : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: Session | null): void {
  writeStored(TOKEN_KEY, session?.token ?? null);
  writeStored(USER_KEY, session ? JSON.stringify(session.user) : null);
}

/** Read from storage the first time a store asks (so each test's fresh store restores afresh). */
export const sessionAtom = atomWithDefault<Session | null>(() => readStoredSession());

/** Sets (or with null clears) the session in memory and in storage. */
export const setSessionAtom = atom(null, (_get, set, session: Session | null) => {
  writeStoredSession(session);
  set(sessionAtom, session);
});

/** 'checking' while a restored token is being confirmed with GET /api/auth/me. */
export const authCheckAtom = atom<'pending' | 'checking' | 'done'>('pending');

/** Set when the server refused this browser's session while the shop was open (see provider.tsx). */
export const sessionEndedAtom = atom(false);
