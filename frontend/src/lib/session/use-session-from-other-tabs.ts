// The session is one per browser (localStorage), so every tab follows a sign-in or sign-out made
// in another at once (the `storage` event, which only other tabs receive): a page left open after
// signing out elsewhere, on a shared computer, stops showing the account's orders and addresses
// (its data is dropped and the account pages send it to sign in), and a sign-in elsewhere shows
// here too, with the cart it merged.
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { readStoredSession, sessionAtom, TOKEN_KEY, USER_KEY } from './session-store';

export function useSessionFromOtherTabs(): void {
  const [session, setSession] = useAtom(sessionAtom);
  const queryClient = useQueryClient();
  const token = session?.token;

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      // key null: the other tab cleared storage altogether.
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      const stored = readStoredSession();
      // Storage already holds it: only this tab's memory follows.
      setSession(stored);
      if (stored?.token === token) return;
      if (stored) void queryClient.invalidateQueries();
      else void queryClient.resetQueries();
    };
    globalThis.addEventListener('storage', follow);
    return () => globalThis.removeEventListener('storage', follow);
  }, [token, setSession, queryClient]);
}
