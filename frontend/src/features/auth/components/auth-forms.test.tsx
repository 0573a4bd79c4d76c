// Sign in, create account, forgot and reset password: the server's message when it gives one,
// else the spec's words ('Login failed', 'Registration failed', 'Password reset request failed',
// 'Password reset failed'); a failed sign-in leaves no session; after signing in the visitor goes
// back where the guard stopped them.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Component as LoginPage } from '@/app/routes/auth/login';
import { configureApiClient } from '@/lib/api-client';
import { testUser } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { field } from '@/test/labels';
import { renderApp } from '@/test/render';
import { TOKEN_KEY } from '@/lib/session/session-store';
import { ForgotPasswordForm } from './forgot-password-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => configureApiClient({ origin: server.origin }));

const signIn = async (email: string, password: string) => {
  await userEvent.type(field('E-mail'), email);
  await userEvent.type(field('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('login page', () => {
  it('given good credentials, then the session is stored and the visitor goes back where they came from', async () => {
    server.on('POST /api/auth/login', json({ success: true, token: 't1', user: testUser }));
    const { navigate } = renderApp(<></>, {
      path: '/login',
      routes: [
        { path: '/login', element: <LoginPage /> },
        { path: '/account/orders', element: <p>Orders page</p> },
      ],
    });
    await navigate('/login', { from: { pathname: '/account/orders', search: '' } });
    await signIn('ada@example.com', 'Secret123');
    expect(await screen.findByText('Orders page')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t1');
  });

  it("given refused credentials, then the server's message shows and no session is left", async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    server.on(
      'POST /api/auth/login',
      json({ success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' }, 401),
    );
    renderApp(<LoginPage />);
    await signIn('ada@example.com', 'Wrong123');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("given a failure without a message, then 'Login failed' shows", async () => {
    server.on('POST /api/auth/login', { status: 500, body: '' });
    renderApp(<LoginPage />);
    await signIn('ada@example.com', 'Secret123');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });
});

describe('create account', () => {
  it("given a weak password, then the policy's messages show on the field and nothing is sent", async () => {
    renderApp(<RegisterForm onRegistered={() => undefined} />);
    await userEvent.type(field('First name'), 'Ada');
    await userEvent.type(field('Last name'), 'Lovelace');
    await userEvent.type(field('E-mail'), 'ada@example.com');
    await userEvent.type(field('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url === '/api/auth/register')).toHaveLength(0);
  });

  it("given a failure without a message, then 'Registration failed' shows", async () => {
    server.on('POST /api/auth/register', { status: 502, body: '' });
    renderApp(<RegisterForm onRegistered={() => undefined} />);
    await userEvent.type(field('First name'), 'Ada');
    await userEvent.type(field('Last name'), 'Lovelace');
    await userEvent.type(field('E-mail'), 'ada@example.com');
    await userEvent.type(field('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });
});

describe('forgot and reset password', () => {
  it("given the server's answer, then its sentence shows; given a failure, then 'Password reset request failed'", async () => {
    server.on(
      'POST /api/auth/forgot-password',
      json({ success: true, message: 'If an account exists for that email, we have sent a link.' }),
    );
    const { unmount } = renderApp(<ForgotPasswordForm />);
    await userEvent.type(field('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('If an account exists for that email, we have sent a link.'),
    ).toBeInTheDocument();
    unmount();

    server.on('POST /api/auth/forgot-password', { status: 500, body: '' });
    renderApp(<ForgotPasswordForm />);
    await userEvent.type(field('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset request failed')).toBeInTheDocument();
  });

  it("given a refused token, then the server's message shows; given no message, then 'Password reset failed'", async () => {
    server.on(
      'POST /api/auth/reset-password',
      json(
        {
          success: false,
          message: 'Some fields are not valid',
          code: 'VALIDATION_ERROR',
          errors: { token: 'Reset link is invalid or has expired' },
        },
        400,
      ),
    );
    const { unmount } = renderApp(<ResetPasswordForm token="tok" />);
    await userEvent.type(field('New password'), 'NewSecret1');
    await userEvent.type(field('Confirm new password'), 'NewSecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Reset link is invalid or has expired')).toBeInTheDocument();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      token: 'tok',
      password: 'NewSecret1',
      confirmPassword: 'NewSecret1',
    });
    unmount();

    server.on('POST /api/auth/reset-password', { status: 500, body: '' });
    renderApp(<ResetPasswordForm token="tok" />);
    await userEvent.type(field('New password'), 'NewSecret1');
    await userEvent.type(field('Confirm new password'), 'NewSecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByText('Password reset failed')).toBeInTheDocument());
  });
});
