// The users list: orders and spend per account, search, and promote or demote after a confirmation
// (PUT /api/admin/users/:id/admin {isAdmin}); an admin's own role cannot be changed from here.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { adminUser, adminUserRow, pagination, signIn } from '@/features/admin/testing/admin-fixtures';
import { USERS_MESSAGES, UsersView } from './users-view';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const me = adminUserRow(0, { ...adminUser, orderCount: 0, totalSpent: 0 });
const users = [me, adminUserRow(1), adminUserRow(2, { is_admin: true })];
const serveUsers = (list = users) =>
  server.on(
    'GET /api/admin/users',
    json({ success: true, users: list, pagination: pagination(list.length) }),
  );

const row = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;

describe('UsersView', () => {
  it('given accounts, then each shows its orders, spend and role', async () => {
    serveUsers();
    renderApp(<UsersView />);
    await screen.findByRole('cell', { name: 'user1@example.com' });
    expect(row('user1@example.com')).toHaveTextContent('First1 Last1');
    expect(
      within(row('user2@example.com'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['user2@example.com', 'Jan 1, 2025', '2', '$21.00', 'Admin', 'Remove admin']);
    expect(
      within(row('user1@example.com')).getByRole('button', { name: 'Make admin: user1@example.com' }),
    ).toBeEnabled();
    expect(within(row(adminUser.email)).getByRole('button', { name: /Remove admin/ })).toBeDisabled();
  });

  it('when a search is made, then it is sent trimmed from page 1', async () => {
    serveUsers();
    renderApp(<UsersView />);
    await screen.findByRole('cell', { name: 'user1@example.com' });
    await userEvent.type(screen.getByLabelText('Search users'), ' Last1 {Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(new URL(server.requests.at(-1)!.url, 'http://x').searchParams)).toEqual({
        page: '1',
        search: 'Last1',
      }),
    );
  });

  it('given ?search= in the address (an order page’s customer link), then the list opens on that search', async () => {
    serveUsers();
    renderApp(<UsersView />, { path: '/admin/users?search=ada%40example.com' });
    await screen.findByRole('cell', { name: 'user1@example.com' });
    expect(new URL(server.requests.at(-1)!.url, 'http://x').searchParams.get('search')).toBe(
      'ada@example.com',
    );
    expect(screen.getByLabelText('Search users')).toHaveValue('ada@example.com');
  });

  it('when a customer is made admin and it is confirmed, then the role is sent and the list reloads', async () => {
    let list = users;
    server.on('GET /api/admin/users', () =>
      json({ success: true, users: list, pagination: pagination(list.length) }),
    );
    let body = '';
    server.on('PUT /api/admin/users/u1/admin', (request) => {
      body = request.body;
      list = [me, adminUserRow(1, { is_admin: true }), users[2]!];
      return json({ success: true, user: list[1] });
    });
    renderApp(<UsersView />);
    await screen.findByRole('cell', { name: 'user1@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Make admin: user1@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make this user an admin?' });
    expect(dialog).toHaveTextContent('user1@example.com will be able to see every order');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText(USERS_MESSAGES.promoted('user1@example.com'))).toBeInTheDocument();
    expect(JSON.parse(body)).toEqual({ isAdmin: true });
    await waitFor(() => expect(row('user1@example.com')).toHaveTextContent('Admin'));
  });

  it('when an admin is demoted but Cancel is chosen, then nothing is sent', async () => {
    serveUsers();
    renderApp(<UsersView />);
    await screen.findByRole('cell', { name: 'user2@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove admin: user2@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('given the change is refused, then the server’s sentence shows in the dialog', async () => {
    serveUsers();
    server.on(
      'PUT /api/admin/users/u2/admin',
      json({ success: false, message: 'The last admin must stay', code: 'RULE' }, 422),
    );
    renderApp(<UsersView />);
    await screen.findByRole('cell', { name: 'user2@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove admin: user2@example.com' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove admin' }),
    );
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'The last admin must stay',
    );
  });

  it('given no account matches, then the list says so', async () => {
    serveUsers([]);
    renderApp(<UsersView />);
    expect(await screen.findByText(USERS_MESSAGES.empty)).toBeInTheDocument();
  });
});
