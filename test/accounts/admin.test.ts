// Admins over HTTP: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, promoting and demoting as an
// event by an admin, the users list, and refusals for customers (403) and strangers (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersResponseSchema, adminUserResponseSchema } from '@printshop/shared-events/api/admin';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { ACCOUNT_TEST_ENV, client, freshEmail, register } from './support';

const ADMIN_EMAIL = 'Boss@Example.com';
const ADMIN_PASSWORD = 'BossPass123';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    label: 'admin',
    env: { ...ACCOUNT_TEST_ENV, ADMIN_EMAIL, ADMIN_PASSWORD },
  });
});
afterAll(async () => {
  await app?.stop();
});

const signInAdmin = async () => {
  const answer = await client(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(answer.status).toBe(200);
  return answer.body as { token: string; user: { id: string; is_admin: boolean } };
};

describe('the first admin', () => {
  it('given ADMIN_EMAIL and ADMIN_PASSWORD, when the shop has started, then that account signs in as an admin', async () => {
    const { user } = await signInAdmin();
    expect(user).toMatchObject({ email: 'boss@example.com', is_admin: true });
    const grants = await app.db('es_events').where({ type: 'AdminGranted', stream_name: `user-${user.id}` });
    expect(grants).toHaveLength(1);
    expect(grants[0].metadata.actor).toBe('system');
  });
});

describe('promoting and demoting', () => {
  it('given a customer, when an admin promotes them, then their own session becomes an admin one, and demoting undoes it', async () => {
    const { token: adminToken } = await signInAdmin();
    const customer = client(app);
    const { token, user } = await register(customer);
    expect((await customer.get('/api/admin/users', { token })).status).toBe(403);

    const promoted = await client(app).put(
      `/api/admin/users/${user.id}/admin`,
      { isAdmin: true },
      { token: adminToken },
    );
    expect(promoted.status).toBe(200);
    expect(adminUserResponseSchema.parse(promoted.body).user).toMatchObject({ id: user.id, is_admin: true });
    const position = promoted.headers.get('x-event-position')!;
    const grant = await app
      .db('es_events')
      .where({ type: 'AdminGranted', stream_name: `user-${user.id}` })
      .first();
    expect(grant.metadata.actor).toBe(`admin:${(await signInAdmin()).user.id}`);

    // the customer's token, issued before, now carries the current flag
    const me = await customer.get('/api/auth/me', { token, headers: { 'x-min-position': position } });
    expect(me.body.user.is_admin).toBe(true);
    expect((await customer.get('/api/admin/users', { token })).status).toBe(200);

    const demoted = await client(app).put(
      `/api/admin/users/${user.id}/admin`,
      { isAdmin: false },
      { token: adminToken },
    );
    expect(demoted.status).toBe(200);
    await customer.get('/api/auth/me', {
      token,
      headers: { 'x-min-position': demoted.headers.get('x-event-position')! },
    });
    expect((await customer.get('/api/admin/users', { token })).status).toBe(403);
  });

  it('given an admin demoted, when their token at once (before any read model caught up) tries to promote them back, then it is 403 and they stay demoted', async () => {
    const { token: adminToken } = await signInAdmin();
    const rogue = client(app);
    const { token, user } = await register(rogue);
    const setAdmin = (isAdmin: boolean, by: string) =>
      client(app).put(`/api/admin/users/${user.id}/admin`, { isAdmin }, { token: by });
    for (let round = 0; round < 5; round += 1) {
      const promoted = await setAdmin(true, adminToken);
      await rogue.get('/api/auth/me', {
        token,
        headers: { 'x-min-position': promoted.headers.get('x-event-position')! },
      });
      expect((await setAdmin(false, adminToken)).status).toBe(200);
      expect((await setAdmin(true, token)).status, `round ${round}`).toBe(403);
    }
    const events = await app
      .db('es_events')
      .where({ stream_name: `user-${user.id}` })
      .orderBy('position');
    expect(events.at(-1).type).toBe('AdminRevoked');
  });

  it('given an admin, when they demote themselves, then it is refused', async () => {
    const { token, user } = await signInAdmin();
    const answer = await client(app).put(`/api/admin/users/${user.id}/admin`, { isAdmin: false }, { token });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('You cannot remove your own admin access');
  });

  it('given an unknown user or a bad body, when an admin sets the flag, then it is 404 or 400', async () => {
    const { token } = await signInAdmin();
    const unknown = await client(app).put(
      '/api/admin/users/no-such-user/admin',
      { isAdmin: true },
      { token },
    );
    expect(unknown.status).toBe(404);
    const { user } = await register(client(app));
    const bad = await client(app).put(`/api/admin/users/${user.id}/admin`, { isAdmin: 'yes' }, { token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['isAdmin']);
  });

  it('given a customer, when they promote themselves, then it is 403; without a token, 401', async () => {
    const customer = client(app);
    const { token, user } = await register(customer);
    const forbidden = await customer.put(`/api/admin/users/${user.id}/admin`, { isAdmin: true }, { token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const anonymous = await customer.put(`/api/admin/users/${user.id}/admin`, { isAdmin: true });
    expect(anonymous.status).toBe(401);
    expect((await customer.get('/api/admin/users')).status).toBe(401);
    expect(await app.db('es_events').where({ type: 'AdminGranted', stream_name: `user-${user.id}` })).toEqual(
      [],
    );
  });
});

describe('the users list', () => {
  it('given accounts, when an admin searches by name or e-mail, then the matching ones are listed with their figures', async () => {
    const { token } = await signInAdmin();
    const marker = freshEmail('zz').slice(3, 11); // a tag no other account has
    const first = await register(client(app), { firstName: 'Katherine', lastName: `Johnson${marker}` });
    const second = await register(client(app), {
      email: `dorothy.${marker}@example.com`,
      firstName: 'Dorothy',
    });
    const headers = { 'x-min-position': second.position };

    const byName = await client(app).get(
      `/api/admin/users?search=${encodeURIComponent(`katherine johnson${marker}`)}`,
      {
        token,
        headers,
      },
    );
    expect(byName.status).toBe(200);
    const parsed = adminUsersResponseSchema.parse(byName.body);
    expect(parsed.users.map((u) => u.id)).toEqual([first.user.id]);
    expect(parsed.users[0]).toMatchObject({ orderCount: 0, totalSpent: 0, is_admin: false });
    expect(parsed.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });

    const byEmail = await client(app).get(`/api/admin/users?search=${marker.toUpperCase()}`, {
      token,
      headers,
    });
    expect(byEmail.body.users.map((u: { id: string }) => u.id).sort()).toEqual(
      [first.user.id, second.user.id].sort(),
    );

    const wildcard = await client(app).get('/api/admin/users?search=%25', { token, headers });
    expect(wildcard.body.users).toEqual([]);

    const all = await client(app).get('/api/admin/users?page=1', { token, headers });
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(3);
    expect(all.body.users[0].id).toBe(second.user.id); // newest first

    const badPage = await client(app).get('/api/admin/users?page=0', { token });
    expect(badPage.status).toBe(400);
  });
});
