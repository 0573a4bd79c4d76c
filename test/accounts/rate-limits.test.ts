// Brute force over HTTP: sign-in by e-mail and by IP, forgot and reset by IP, answered with 429 and
// Retry-After; the counters live in Postgres, so another gateway sees them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequests } from '@printshop/shared-events/errors';
import { AUTH_LIMITS, createAuthRateLimits } from '@printshop/infra/auth/rate-limits';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { ACCOUNT_TEST_ENV, client, freshEmail, PASSWORD, register, type Answer } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'ratelimits', env: ACCOUNT_TEST_ENV });
});
afterAll(async () => {
  await app?.stop();
});

const expectTooMany = (answer: Answer, windowSeconds: number) => {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe('sign-in', () => {
  const { points, duration } = AUTH_LIMITS.signInByEmail;

  it(`given ${points} wrong passwords for an e-mail, when signing in again, then it is 429 even with the right password`, async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });
    for (let i = 0; i < points; i++) {
      expect((await api.post('/api/auth/login', { email, password: 'Wrong1234' })).status).toBe(401);
    }
    expectTooMany(await api.post('/api/auth/login', { email, password: PASSWORD }), duration);
    // from another address too: the e-mail is what is attacked
    expectTooMany(
      await client(app).post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD }),
      duration,
    );
    // another gateway on the same database refuses it as well
    const otherGateway = createAuthRateLimits(app.db);
    await expect(otherGateway.checkSignIn(email, '192.0.2.1')).rejects.toBeInstanceOf(TooManyRequests);
    // another account is not locked out
    const other = freshEmail();
    await register(api, { email: other });
    expect((await api.post('/api/auth/login', { email: other, password: PASSWORD })).status).toBe(200);
  });

  it('given failures, when a sign-in succeeds, then the e-mail starts counting again', async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });
    const fail = () => api.post('/api/auth/login', { email, password: 'Wrong1234' });
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
