// Forgot, reset and change password over HTTP: no account enumeration, reset links that work once
// and expire, the change-password form's messages (spec 1 §5), and sessions ended by a change.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { userStreamName } from '@printshop/shared-events/events/user';
import { PASSWORD_MESSAGES as P } from '@printshop/shared-events/rules/password-policy';
import { resetToken } from '@printshop/command-service/user/reset-token';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import {
  ACCOUNT_TEST_ENV,
  appStore,
  client,
  freshEmail,
  PASSWORD,
  POLICY_CASES,
  register,
  TEST_SECRET,
  type Client,
} from './support';

const INVALID_LINK = 'Reset link is invalid or has expired';
const NEW_PASSWORD = 'Fresh4567';

let app: TestApp;
let store: EventStore;
beforeAll(async () => {
  app = await startTestApp({ label: 'passwords', env: ACCOUNT_TEST_ENV });
  store = appStore(app);
});
afterAll(async () => {
  await store?.close();
  await app?.stop();
});

/** The reset requests in the user's stream, newest last, as links the mail would carry. */
async function resetLinks(userId: string): Promise<string[]> {
  const events = await store.readStream(userStreamName(userId));
  return events
    .filter((event) => event.type === 'PasswordResetRequested')
    .map((event) => resetToken(TEST_SECRET, userId, (event.data as { requestId: string }).requestId));
}

const signIn = (api: Client, email: string, password: string) =>
  api.post('/api/auth/login', { email, password });

describe('forgot password', () => {
  it('given a known and an unknown e-mail, when asking for a link, then the answers are identical', async () => {
    const api = client(app);
    const email = freshEmail();
    const { user } = await register(api, { email });

    const known = await api.post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await api.post('/api/auth/forgot-password', { email: freshEmail() });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: expect.any(String) });
    expect(known.headers.get('x-event-position')).toBeNull();
    expect(unknown.headers.get('x-event-position')).toBeNull();
    // only the known account got a request
    expect(await resetLinks(user.id)).toHaveLength(1);
    expect(
      await app
        .db('es_events')
        .where({ type: 'PasswordResetRequested' })
        .whereNot('stream_name', userStreamName(user.id)),
    ).toEqual([]);
  });

  it('given a bad e-mail, when asking for a link, then the field says so', async () => {
    const answer = await client(app).post('/api/auth/forgot-password', { email: 'nope' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: P.emailInvalid });
  });
});

describe('reset password', () => {
  it('given a link, when used, then the new password works, the old does not, and the link is spent', async () => {
    const api = client(app);
    const email = freshEmail();
    const { user, token: oldSession } = await register(api, { email });
    await api.post('/api/auth/forgot-password', { email });
    const [link] = await resetLinks(user.id);

    const reset = await api.post('/api/auth/reset-password', {
      token: link,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: expect.any(String) });
    const position = reset.headers.get('x-event-position')!;
    expect(Number(position)).toBeGreaterThan(0);

    expect((await signIn(api, email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(api, email, PASSWORD)).status).toBe(401);

    const reused = await api.post('/api/auth/reset-password', {
      token: link,
      password: 'Another789',
      confirmPassword: 'Another789',
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: INVALID_LINK, errors: { token: INVALID_LINK } });
    expect((await signIn(api, email, NEW_PASSWORD)).status).toBe(200);

    // the reset ended the session from before it (once the users model has the change)
    const fresh = await signIn(api, email, NEW_PASSWORD);
    await api.get('/api/auth/me', { token: fresh.body.token, headers: { 'x-min-position': position } });
    expect((await api.get('/api/auth/me', { token: oldSession })).status).toBe(401);
  });

  it('given two requests, when the older link is used, then it is refused and the newer one works', async () => {
    const api = client(app);
    const email = freshEmail();
    const { user } = await register(api, { email });
    await api.post('/api/auth/forgot-password', { email });
    await api.post('/api/auth/forgot-password', { email });
    const [older, newer] = await resetLinks(user.id);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

    expect((await api.post('/api/auth/reset-password', { ...body, token: older })).status).toBe(400);
    expect((await api.post('/api/auth/reset-password', { ...body, token: newer })).status).toBe(200);
  });

  it('given a request older than an hour, when its link is used, then it is refused', async () => {
    const api = client(app);
    const email = freshEmail();
    const { user } = await register(api, { email });
    const requestId = randomUUID();
    const requestedAt = new Date(Date.now() - 61 * 60 * 1000);
    await store.appendToStream(userStreamName(user.id), [
      {
        type: 'PasswordResetRequested',
        data: {
          requestId,
          requestedAt: requestedAt.toISOString(),
          expiresAt: new Date(requestedAt.getTime() + 60 * 60 * 1000).toISOString(),
        },
        metadata: { actor: 'guest', at: requestedAt.toISOString() },
      },
    ]);

    const answer = await api.post('/api/auth/reset-password', {
      token: resetToken(TEST_SECRET, user.id, requestId),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ token: INVALID_LINK });
    expect((await signIn(api, email, PASSWORD)).status).toBe(200);
  });

  it('given a forged or made-up link, when used, then it is refused', async () => {
    const api = client(app);
    const { user } = await register(api);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const forged = resetToken('some-other-secret-0123456789abcdefghij', user.id, randomUUID());
    for (const token of [forged, 'garbage', `${user.id}.${randomUUID()}.AAAA`]) {
      const answer = await api.post('/api/auth/reset-password', { ...body, token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ token: INVALID_LINK });
    }
  });

  it.each(POLICY_CASES)(
    'given the new password %j, when resetting, then the password field says it',
    async (password, message) => {
      const answer = await client(app).post('/api/auth/reset-password', {
        token: 'a.b.c',
        password,
        confirmPassword: password,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ password: message });
    },
  );

  it('given different confirmation and no token, when resetting, then both fields say so', async () => {
    const answer = await client(app).post('/api/auth/reset-password', {
      password: NEW_PASSWORD,
      confirmPassword: 'Other1234',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ token: P.tokenRequired, confirmPassword: P.mismatch });
  });
});

describe('change password', () => {
  it('given a session, when the password changes, then older sessions end and the new token works', async () => {
    const api = client(app);
    const email = freshEmail();
    const { token: first } = await register(api, { email });
    const second = (await signIn(api, email, PASSWORD)).body.token as string;

    const changed = await api.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: second },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, message: expect.any(String), token: expect.any(String) });
    const position = changed.headers.get('x-event-position')!;

    // the token handed back works at once, and after the users model has the change
    expect((await api.get('/api/auth/me', { token: changed.body.token })).status).toBe(200);
    const caughtUp = await api.get('/api/auth/me', {
      token: changed.body.token,
      headers: { 'x-min-position': position },
    });
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.headers.get('x-stale')).toBeNull();

    for (const old of [first, second]) {
      const answer = await api.get('/api/auth/me', { token: old });
      expect(answer.status).toBe(401);
    }
    // a sign-in right after the change (same second, likely) works too
    const again = await signIn(api, email, NEW_PASSWORD);
    expect((await api.get('/api/auth/me', { token: again.body.token })).status).toBe(200);
    expect((await signIn(api, email, PASSWORD)).status).toBe(401);
  });

  it('given no session, when changing the password, then it is 401', async () => {
    const answer = await client(app).post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(401);
  });

  describe('the form (spec 1 §5)', () => {
    let api: Client;
    let token: string;
    beforeAll(async () => {
      api = client(app);
      ({ token } = await register(api));
    });
    const change = (body: object) => api.post('/api/auth/change-password', body, { token });

    it('given an empty form, then each field says what is wrong', async () => {
      const answer = await change({});
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({
        currentPassword: 'Current password is required',
        newPassword: 'Password must be at least 8 characters',
        confirmPassword: "Passwords don't match",
      });
    });

    it('given an empty current password, then it is required', async () => {
      const answer = await change({
        currentPassword: '',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(answer.body.errors).toEqual({ currentPassword: 'Current password is required' });
    });

    it.each(POLICY_CASES)(
      'given the new password %j, then the new password field says it',
      async (password, message) => {
        const answer = await change({
          currentPassword: PASSWORD,
          newPassword: password,
          confirmPassword: password,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual({ newPassword: message });
      },
    );

    it('given a confirmation that differs, then the confirmation says so', async () => {
      const answer = await change({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: 'Fresh4568',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ confirmPassword: "Passwords don't match" });
    });

    it('given a wrong current password, then the current password field says so and nothing changes', async () => {
      const answer = await change({
        currentPassword: 'Wrong1234',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
      expect((await api.get('/api/auth/me', { token })).status).toBe(200);
    });
  });
});
