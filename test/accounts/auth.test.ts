// Register, sign in, me, sign out over HTTP against the whole shop on real Postgres; the form
// messages of spec 1 §5 on their fields; e-mail uniqueness under concurrent registrations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES as P } from '@printshop/shared-events/rules/password-policy';
import { userSchema } from '@printshop/shared-events/api/account';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { ACCOUNT_TEST_ENV, client, freshEmail, PASSWORD, POLICY_CASES, register } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'auth', env: ACCOUNT_TEST_ENV });
});
afterAll(async () => {
  await app?.stop();
});

describe('register, me, sign in, sign out', () => {
  it('given a new e-mail, when registering, signing in and out, then the same account answers each time', async () => {
    const api = client(app);
    const email = freshEmail('Grace').replace('grace', 'Grace');

    const registered = await api.post('/api/auth/register', {
      firstName: ' Grace ',
      lastName: 'Hopper',
      email: ` ${email} `,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      success: true,
      user: { email, first_name: 'Grace', last_name: 'Hopper', is_admin: false },
    });
    expect(userSchema.parse(registered.body.user)).toBeTruthy();
    expect(typeof registered.body.token).toBe('string');
    const position = registered.headers.get('x-event-position');
    expect(Number(position)).toBeGreaterThan(0);

    const me = await api.get('/api/auth/me', {
      token: registered.body.token,
      headers: { 'x-min-position': position! },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-stale')).toBeNull();
    expect(me.body).toEqual({ success: true, user: registered.body.user });

    // sign-in compares e-mails case-insensitively, right after registering (no projection wait)
    const login = await api.post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ success: true, token: expect.any(String), user: registered.body.user });
    const meAgain = await api.get('/api/auth/me', { token: login.body.token });
    expect(meAgain.body.user.id).toBe(registered.body.user.id);

    const logout = await api.post('/api/auth/logout', undefined, { token: login.body.token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
  });

  it('given no token or a forged one, when asking who I am, then it is 401', async () => {
    const api = client(app);
    const none = await api.get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.success).toBe(false);
    const forged = await api.get('/api/auth/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    expect(forged.status).toBe(401);
  });

  it('given a token signed with another secret, when used, then it is 401', async () => {
    const { SignJWT } = await import('jose');
    const { user } = await register(client(app));
    const token = await new SignJWT({ adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('printshop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
    expect((await client(app).get('/api/auth/me', { token })).status).toBe(401);
  });
});

describe('sign-in failures', () => {
  it('given an account, when the password is wrong or the e-mail unknown, then both are the same 401', async () => {
    const api = client(app);
    const email = freshEmail();
    await register(api, { email });

    const wrongPassword = await api.post('/api/auth/login', { email, password: 'Wrong1234' });
    const unknownEmail = await api.post('/api/auth/login', { email: freshEmail(), password: PASSWORD });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        message: 'Invalid email or password',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('given missing fields, when signing in, then each is named', async () => {
    const answer = await client(app).post('/api/auth/login', { email: 'not-an-email' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: P.emailInvalid, password: P.required });
  });
});

describe('registration form', () => {
  it('given an empty form, when registering, then every field says what is missing', async () => {
    const answer = await client(app).post('/api/auth/register', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: P.firstNameRequired,
      lastName: P.lastNameRequired,
      email: P.emailRequired,
      password: P.tooShort,
    });
  });

  it('given blank names and a bad e-mail, when registering, then the fields say so', async () => {
    const answer = await client(app).post('/api/auth/register', {
      firstName: '   ',
      lastName: 'x'.repeat(51),
      email: 'ada@',
      password: PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: P.firstNameRequired,
      lastName: P.lastNameTooLong,
      email: P.emailInvalid,
    });
  });

  it.each(POLICY_CASES)(
    'given the password %j, when registering, then the password field says it',
    async (password, message) => {
      const answer = await client(app).post('/api/auth/register', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: freshEmail(),
        password,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ password: message });
    },
  );

  it('given a wrong type, when registering, then it is a 400 and no account is made', async () => {
    const email = freshEmail();
    const answer = await client(app).post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 12345678,
    });
    expect(answer.status).toBe(400);
    expect((await client(app).post('/api/auth/login', { email, password: '12345678' })).status).toBe(401);
  });
});

describe('e-mail uniqueness', () => {
  it('given 20 registrations of one e-mail in different cases at once, then exactly one account is made', async () => {
    const base = freshEmail('twenty');
    const cased = (i: number) => (i % 2 === 0 ? base.toUpperCase() : base.replace(/^t/, 'T'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(app).post('/api/auth/register', {
          firstName: `Racer${i}`,
          lastName: 'Twenty',
          email: cased(i),
          password: PASSWORD,
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('An account with this email already exists');
    }
    const registrations = await app
      .db('es_events')
      .where({ type: 'UserRegistered' })
      .whereRaw("data->>'emailKey' = ?", [base]);
    expect(registrations).toHaveLength(1);
    // and the one account signs in
    const login = await client(app).post('/api/auth/login', { email: base, password: PASSWORD });
    expect(login.body.user.id).toBe(created[0]!.body.user.id);
  });

  it('given an account, when registering the same e-mail in another case later, then it is a 409', async () => {
    const email = freshEmail();
    await register(client(app), { email });
    const again = await client(app).post('/api/auth/register', {
      firstName: 'Other',
      lastName: 'Person',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });
});
