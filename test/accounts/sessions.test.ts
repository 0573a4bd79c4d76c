// Sessions end on the server, at once and on every gateway: sign-out revokes its token, a password
// change (or reset) ends every older one. Two gateways on one database, no waiting for projections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { userStreamName } from '@printshop/shared-events/events/user';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { resetToken } from '@printshop/command-service/user/reset-token';
import { USERS_READ_MODEL } from '@printshop/query-service/account/users-read-model';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import {
  ACCOUNT_TEST_ENV,
  appStore,
  client,
  freshEmail,
  PASSWORD,
  register,
  startSecondGateway,
  TEST_SECRET,
  type Answer,
  type Client,
} from './support';

const NEW_PASSWORD = 'Fresh4567';

let app: TestApp;
let other: Awaited<ReturnType<typeof startSecondGateway>>;
let store: EventStore;
beforeAll(async () => {
  app = await startTestApp({ label: 'sessions', env: ACCOUNT_TEST_ENV });
  other = await startSecondGateway(app);
  store = appStore(app);
});
afterAll(async () => {
  await store?.close();
  await other?.stop();
  await app?.stop();
});

const expectSessionEnded = (answer: Answer) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
};

/** One person on both gateways (the same address, as behind one load balancer). */
const person = () => {
  const here = client(app);
  return { here, there: client(other, here.ip) };
};

/**
 * Runs `work` while the users projection cannot write (its table locked against writes, reads
 * still allowed): the read model stays behind the log, as it may for a moment under load.
 */
async function whileUsersModelLags<T>(work: () => Promise<T>): Promise<T> {
  const trx = await app.db.transaction();
  try {
    await trx.raw('lock table ?? in exclusive mode', [`${readModelSchema(USERS_READ_MODEL)}.users`]);
    return await work();
  } finally {
    await trx.rollback();
  }
}

const signIn = async (api: Client, email: string, password = PASSWORD) => {
  const answer = await api.post('/api/auth/login', { email, password });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
};

describe('sign-out', () => {
  it('given two sessions, when one signs out, then its token is 401 at once on both gateways and the other session goes on', async () => {
    const { here, there } = person();
    const email = freshEmail();
    const { token: laptop } = await register(here, { email });
    const phone = await signIn(there, email);

    const out = await here.post('/api/auth/logout', undefined, { token: laptop });

    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expectSessionEnded(await here.get('/api/auth/me', { token: laptop }));
    expectSessionEnded(await there.get('/api/auth/me', { token: laptop }));
    expect((await here.get('/api/auth/me', { token: phone })).status).toBe(200);
    expect((await there.get('/api/auth/me', { token: phone })).status).toBe(200);
  });

  it('given 10 sessions, when each signs out on one gateway, then the very next call on the other is 401', async () => {
    const { here, there } = person();
    const email = freshEmail();
    await register(here, { email });
    const tokens = [];
    for (let i = 0; i < 10; i++) tokens.push(await signIn(here, email));

    const next = await Promise.all(
      tokens.map(async (token) => {
        expect((await there.get('/api/auth/me', { token })).status).toBe(200);
        expect((await here.post('/api/auth/logout', undefined, { token })).status).toBe(200);
        return there.get('/api/auth/me', { token });
      }),
    );

    for (const answer of next) expectSessionEnded(answer);
  });

  it('given a well-signed token without a session id, when used, then it is 401 (it could never be signed out)', async () => {
    const { SignJWT } = await import('jose');
    const { user } = await register(client(app));
    const token = await new SignJWT({ adm: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('printshop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_SECRET));

    expectSessionEnded(await client(app).get('/api/auth/me', { token }));
  });

  it('given no token, when signing out, then it is still a success', async () => {
    const answer = await client(app).post('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
  });
});

describe('change password', () => {
  it('given sessions on both gateways and a users model behind, when the password changes, then the old tokens are 401 at once on both and the new one works on both', async () => {
    const { here, there } = person();
    const email = freshEmail();
    const { token: first, position } = await register(here, { email });
    const second = await signIn(there, email);
    // the users model has the account, then falls behind for the change
    await here.get('/api/auth/me', { token: first, headers: { 'x-min-position': position } });
    await whileUsersModelLags(async () => {
      const changed = await here.post(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { token: first },
      );

      expect(changed.status).toBe(200);
      for (const old of [first, second]) {
        expectSessionEnded(await there.get('/api/auth/me', { token: old }));
        expectSessionEnded(await here.get('/api/auth/me', { token: old }));
      }
      const fresh = changed.body.token as string;
      expect((await there.get('/api/auth/me', { token: fresh })).status).toBe(200);
      expect((await here.get('/api/auth/me', { token: fresh })).status).toBe(200);
      expect((await there.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
      expect(await signIn(there, email, NEW_PASSWORD)).toEqual(expect.any(String));
    });
  });
});

describe('reset password', () => {
  it('given a session on the other gateway and a users model behind, when the password is reset by link, then that token is 401 at once', async () => {
    const { here, there } = person();
    const email = freshEmail();
    const { user, position } = await register(here, { email });
    const session = await signIn(there, email);
    await here.post('/api/auth/forgot-password', { email });
    const requested = (await store.readStream(userStreamName(user.id))).find(
      (event) => event.type === 'PasswordResetRequested',
    );
    const link = resetToken(TEST_SECRET, user.id, (requested!.data as { requestId: string }).requestId);
    await there.get('/api/auth/me', { token: session, headers: { 'x-min-position': position } });

    await whileUsersModelLags(async () => {
      const reset = await here.post('/api/auth/reset-password', {
        token: link,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });

      expect(reset.status).toBe(200);
      expectSessionEnded(await there.get('/api/auth/me', { token: session }));
      expect(await signIn(there, email, NEW_PASSWORD)).toEqual(expect.any(String));
    });
  });
});
