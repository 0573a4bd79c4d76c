// The session (spec 1 §4): restored from localStorage `token` and `user`; set on login; cleared on
// a failed login or registration; cleared on logout even when the server call fails.
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, configureApiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { useAuthActions } from './use-auth-actions';
import { sessionAtom, TOKEN_KEY, USER_KEY } from './session-store';
import { useSession } from './use-session';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_admin: false,
};
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function setup() {
  const store = createStore();
  configureApiClient({ origin: server.origin, getToken: () => store.get(sessionAtom)?.token });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ session: useSession(), actions: useAuthActions() }), { wrapper });
}

describe('session', () => {
  it('given a stored token and user, then the session is restored', () => {
    localStorage.setItem(TOKEN_KEY, 't1');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    const { result } = setup();
    expect(result.current.session.isAuthenticated).toBe(true);
    expect(result.current.session.user?.first_name).toBe('Ada');
    expect(result.current.session.token).toBe('t1');
  });

  it('given a stored user that does not parse, then there is no session', () => {
    localStorage.setItem(TOKEN_KEY, 't1');
    localStorage.setItem(USER_KEY, '{not json');
    expect(setup().result.current.session.isAuthenticated).toBe(false);
  });

  it('given a good login, then token and user are stored', async () => {
    server.on('POST /api/auth/login', json({ success: true, token: 't2', user }));
    const { result } = setup();
    await act(() => result.current.actions.login({ email: user.email, password: 'Secret123' }));
    expect(result.current.session.user?.email).toBe(user.email);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t2');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '')).toEqual(user);
  });

  it('given another tab open, when a login merges the guest cart, then that tab hears of it with the merge position', async () => {
    const otherTab = new BroadcastChannel('printshop-cart');
    const heard = new Promise<unknown>((resolve) =>
      otherTab.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );
    server.on(
      'POST /api/auth/login',
      json({ success: true, token: 't3', user }, 200, { 'X-Event-Position': '8000000042' }),
    );
    const { result } = setup();
    await act(() => result.current.actions.login({ email: user.email, password: 'Secret123' }));
    await expect(heard).resolves.toEqual({ position: '8000000042' });
    otherTab.close();
  });

  it("given a refused login, then the session is cleared and the server's message is thrown", async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    server.on(
      'POST /api/auth/login',
      json({ success: false, message: 'Invalid email or password', code: 'AUTH' }, 401),
    );
    const { result } = setup();
    let error: unknown;
    await act(() =>
      result.current.actions
        .login({ email: user.email, password: 'wrong' })
        .catch((e: unknown) => (error = e)),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid email or password');
    expect(result.current.session.isAuthenticated).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("given a registration failing without a message, then 'Registration failed' and no session", async () => {
    server.on('POST /api/auth/register', { status: 500, body: '' });
    const { result } = setup();
    let error: unknown;
    await act(() =>
      result.current.actions
        .register({ email: 'x@example.com', password: 'Secret123', firstName: 'X', lastName: 'Y' })
        .catch((e: unknown) => (error = e)),
    );
    expect((error as Error).message).toBe('Registration failed');
    expect(result.current.session.isAuthenticated).toBe(false);
  });

  it('given logout fails on the server, then the session is still cleared', async () => {
    localStorage.setItem(TOKEN_KEY, 't1');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    server.on('POST /api/auth/logout', json({ success: false, message: 'Down', code: 'DOWN' }, 503));
    const { result } = setup();
    await act(() => result.current.actions.logout());
    await waitFor(() => expect(result.current.session.isAuthenticated).toBe(false));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer t1');
  });
});
