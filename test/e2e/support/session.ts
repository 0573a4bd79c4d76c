// A signed-in visitor without the sign-in form: the session the app restores from localStorage.
// (Apart from browser.ts, which the benches type-check without the DOM library.)
import type { BrowserContext } from 'playwright-core';

/** Signs every page of `context` in as `session`, as the app restores it from localStorage. */
export async function restoreSession(
  context: BrowserContext,
  session: { token: string; user: unknown },
): Promise<void> {
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    { token: session.token, user: JSON.stringify(session.user) },
  );
}

/** Registers an account over the API (as a shopper would have earlier), ready to sign in with. */
export async function registerAccount(
  shopUrl: (path: string) => string,
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const registered = await fetch(shopUrl('/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
}
