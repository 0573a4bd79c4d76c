// Brute force over HTTP: sign-in by e-mail-and-address and by address (counted before the password
// is checked), registration, forgot and reset by address, answered with 429 and Retry-After; the
// counters live in Postgres, so another gateway sees them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequests } from '@printshop/shared-events/errors';
import { AUTH_LIMITS, createAuthRateLimits } from '@printshop/infra/auth/rate-limits';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { expectTooMany } from '@printshop/test/support/too-many';
import { AUTH_MESSAGES } from '@printshop/command-service/user/messages';
import { ACCOUNT_TEST_ENV, client, freshEmail, PASSWORD, register, type Client } from './support';

const ADMIN_EMAIL = 'owner-admin@example.com';
const ADMIN_PASSWORD = 'Admin1234';
const REGISTRATIONS_PER_HOUR = 3;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    label: 'ratelimits',
    env: {
      ...ACCOUNT_TEST_ENV,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      REGISTRATIONS_PER_IP_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

describe('sign-in', () => {
  const { points, duration } = AUTH_LIMITS.signInByEmailAndIp;
  const wrongGuess = (api: Client, email: string) =>
    api.post('/api/auth/login', { email, password: 'Wrong1234' });

  it(`given ${points} wrong passwords for an e-mail from one address, when signing in again from there, then it is 429 even with the right password`, async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });
    for (let i = 0; i < points; i++) expect((await wrongGuess(api, email)).status).toBe(401);
    expectTooMany(await api.post('/api/auth/login', { email, password: PASSWORD }), duration);
    // the same address in another case of the e-mail is the same account
    expectTooMany(
      await api.post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD }),
      duration,
    );
    // another gateway on the same database refuses it as well
    const otherGateway = createAuthRateLimits(app.db);
    await expect(otherGateway.signInAttempt(email, api.ip)).rejects.toBeInstanceOf(TooManyRequests);
    // another account from the same address is not locked out
    const other = freshEmail();
    await register(api, { email: other });
    expect((await api.post('/api/auth/login', { email: other, password: PASSWORD })).status).toBe(200);
  });

  it('given 40 wrong guesses at once from one address, when they are answered, then at most the limit were checked and the rest are 429', async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });

    const answers = await Promise.all(Array.from({ length: 40 }, () => wrongGuess(api, email)));

    const checked = answers.filter((answer) => answer.status === 401);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked.length).toBeLessThanOrEqual(points);
    expect(checked.length + refused.length).toBe(40);
    for (const answer of refused) expectTooMany(answer, duration);
  });

  it("given a stranger who used up the attempts on the owner's e-mail, when the owner signs in from another address, then it works", async () => {
    const owner = client(app, '198.51.100.7');
    const stranger = client(app, '203.0.113.9');
    const email = freshEmail('owner');
    await register(owner, { email });
    for (let i = 0; i < points; i++) expect((await wrongGuess(stranger, email)).status).toBe(401);
    expectTooMany(await wrongGuess(stranger, email), duration);

    const signIn = await owner.post('/api/auth/login', { email, password: PASSWORD });

    expect(signIn.status).toBe(200);
    expect((await owner.get('/api/auth/me', { token: signIn.body.token })).status).toBe(200);
  });

  it("given a stranger who used up the attempts on the admin's e-mail, when the admin signs in from another address, then it works", async () => {
    const stranger = client(app);
    for (let i = 0; i < points + 3; i++) await wrongGuess(stranger, ADMIN_EMAIL);
    expectTooMany(await wrongGuess(stranger, ADMIN_EMAIL), duration);

    const signIn = await client(app).post('/api/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });

    expect(signIn.status).toBe(200);
    expect(signIn.body.user.is_admin).toBe(true);
  });

  it('given failures, when a sign-in succeeds, then the e-mail starts counting again', async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });
    const fail = () => wrongGuess(api, email);
    for (let i = 0; i < points - 1; i++) expect((await fail()).status).toBe(401);
    expect((await api.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < points; i++) expect((await fail()).status).toBe(401);
    expectTooMany(await fail(), duration);
  });

  it(`given ${AUTH_LIMITS.signInByIp.points} failures from one address, when it tries any e-mail, then it is 429`, async () => {
    const api = client(app);
    for (let i = 0; i < AUTH_LIMITS.signInByIp.points; i++) {
      expect(
        (await api.post('/api/auth/login', { email: freshEmail('spray'), password: 'Guess1234' })).status,
      ).toBe(401);
    }
    expectTooMany(
      await api.post('/api/auth/login', { email: freshEmail('spray'), password: 'Guess1234' }),
      AUTH_LIMITS.signInByIp.duration,
    );
    // other addresses are unaffected
    const email = freshEmail();
    await register(client(app), { email });
    expect((await client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('register', () => {
  it(`given ${REGISTRATIONS_PER_HOUR} registrations from one address, when it registers again, then it is 429 and other addresses still can`, async () => {
    const api = client(app);
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) await register(api);

    const again = await api.post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: freshEmail(),
      password: PASSWORD,
    });

    expectTooMany(again, AUTH_LIMITS.registerByIp.duration);
    expect(again.body.message).toBe(AUTH_MESSAGES.tooManyRegistrations);
    await register(client(app));
  });

  it('given registrations from one IPv6 /64, each from a fresh address in it, when one more comes from there, then it is 429, and the next /64 still can', async () => {
    // An IPv6 line is handed a whole /64: taking a new address per call must not reset the count.
    const inNetwork = (i: number) => client(app, `2001:db8:7:1::${(i + 1).toString(16)}`);
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) await register(inNetwork(i));

    const again = await inNetwork(REGISTRATIONS_PER_HOUR).post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: freshEmail(),
      password: PASSWORD,
    });

    expectTooMany(again, AUTH_LIMITS.registerByIp.duration);
    await register(client(app, '2001:db8:7:2::1'));
  });
});

describe('forgot and reset password', () => {
  it(`given ${AUTH_LIMITS.forgotPasswordByIp.points} requests from one address, when it asks again, then it is 429`, async () => {
    const api = client(app);
    const { points, duration } = AUTH_LIMITS.forgotPasswordByIp;
    for (let i = 0; i < points; i++) {
      expect((await api.post('/api/auth/forgot-password', { email: freshEmail() })).status).toBe(200);
    }
    expectTooMany(await api.post('/api/auth/forgot-password', { email: freshEmail() }), duration);
    expect((await client(app).post('/api/auth/forgot-password', { email: freshEmail() })).status).toBe(200);
  });

  it(`given ${AUTH_LIMITS.resetPasswordByIp.points} attempts from one address, when it tries again, then it is 429`, async () => {
    const api = client(app);
    const { points, duration } = AUTH_LIMITS.resetPasswordByIp;
    const attempt = () =>
      api.post('/api/auth/reset-password', {
        token: 'x.y.z',
        password: 'Fresh4567',
        confirmPassword: 'Fresh4567',
      });
    for (let i = 0; i < points; i++) expect((await attempt()).status).toBe(400);
    expectTooMany(await attempt(), duration);
  });
});
