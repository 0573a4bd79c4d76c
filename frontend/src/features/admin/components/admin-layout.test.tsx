// The admin area's routes as the app declares them (spec 1 §2): an admin gets the sidebar (with
// Back to Site) that folds on a phone; an unknown admin path goes to /admin; a signed-in
// non-admin is sent to /login with a console warning, and so is a visitor.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { useSessionCheck } from '@/lib/session/use-session-check';
import { adminUser, signIn } from '../testing/admin-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The routes are lazy: load their modules once up front, so no test waits on the first compile.
  await Promise.all([
    import('@/app/routes/admin/routes'),
    import('@/app/routes/admin/dashboard'),
    import('@/app/routes/admin/orders'),
    import('@/app/routes/auth/login'),
  ]);
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  server.on('GET /api/admin/dashboard', json({ success: false, message: 'Not now', code: 'DOWN' }, 503));
  server.on('GET /api/admin/reports/sales', json({ success: false, message: 'Not now', code: 'DOWN' }, 503));
  server.on(
    'GET /api/admin/orders',
    json({ success: true, orders: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } }),
  );
});

/** The app's own /admin route, under a frame that confirms the session as the root layout does. */
function adminRoutes(): RouteObject[] {
  const pages = routes.flatMap((route) => route.children ?? []);
  const admin = pages.find((route) => route.path === 'admin/*')!;
  const login = pages.find((route) => route.path === 'login')!;
  function SessionFrame() {
    useSessionCheck();
    return <Outlet />;
  }
  return [
    {
      element: <SessionFrame />,
      children: [admin, login, { path: '/', element: <h1>Home page</h1> }],
    },
  ];
}

const meAnswer = (user: typeof adminUser) => json({ success: true, user });

describe('admin area routes', () => {
  it('given an admin, then the sidebar lists every admin screen and Back to Site', async () => {
    signIn();
    server.on('GET /api/auth/me', meAnswer(adminUser));
    renderApp(<></>, { path: '/admin', routes: adminRoutes() });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['Production Queue', '/admin/production'],
      ['Users', '/admin/users'],
      ['Reviews', '/admin/reviews'],
      ['Sales Reports', '/admin/reports/sales'],
      ['Promotions', '/admin/promotions'],
      ['Webhooks', '/admin/webhooks'],
      ['Abandoned Carts', '/admin/abandoned-checkouts'],
      ['Catalog', '/admin/catalog'],
      ['Settings', '/admin/settings'],
      ['← Back to Site', '/'],
    ]);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('when the menu button is pressed (a phone), then the sidebar opens, and choosing a screen closes it', async () => {
    signIn();
    server.on('GET /api/auth/me', meAnswer(adminUser));
    const { history } = renderApp(<></>, { path: '/admin', routes: adminRoutes() });
    const toggle = await screen.findByRole('button', { name: 'Admin menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide admin menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toHaveClass('is-open');
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(history.location.pathname).toBe('/admin/orders'));
    expect(screen.getByRole('navigation', { name: 'Admin' })).not.toHaveClass('is-open');
  });

  it('given an unknown admin path, then the admin lands on /admin', async () => {
    signIn();
    server.on('GET /api/auth/me', meAnswer(adminUser));
    const { history } = renderApp(<></>, { path: '/admin/no-such-screen', routes: adminRoutes() });
    await waitFor(() => expect(history.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('given a signed-in customer, then /admin sends them to /login (offering another account) with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const customer = { ...adminUser, id: 'u9', email: 'shopper@example.com', is_admin: false };
    signIn(customer, 'customer-token');
    server.on('GET /api/auth/me', meAnswer(customer));
    const { history } = renderApp(<></>, { path: '/admin/orders', routes: adminRoutes() });
    expect(await screen.findByRole('heading', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'That area is for admins. Sign in with an admin account.',
    );
    expect(history.location.pathname).toBe('/login');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not an admin'));
    // Only this customer's requests count: a previous test's retried calls may still arrive.
    expect(
      server.requests.some(
        (request) =>
          request.url.startsWith('/api/admin/') && request.headers.authorization === 'Bearer customer-token',
      ),
    ).toBe(false);
  });

  it('given a stored admin whose rights were taken away, then the server’s answer wins and /login follows', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    server.on('GET /api/auth/me', meAnswer({ ...adminUser, is_admin: false }));
    const { history } = renderApp(<></>, { path: '/admin', routes: adminRoutes() });
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });

  it('given a visitor, then /admin sends them to /login', async () => {
    const { history } = renderApp(<></>, { path: '/admin', routes: adminRoutes() });
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });
});
