// Change password (spec 1 §5): the policy's messages word for word, "Passwords don't match" on the
// confirmation, the server's field message, and the fresh token of a success stored.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { testUser } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { field } from '@/test/labels';
import { renderApp } from '@/test/render';
import { TOKEN_KEY, USER_KEY } from '@/lib/session/session-store';
import { ChangePasswordForm } from './change-password-form';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  localStorage.setItem(TOKEN_KEY, 'old-token');
  localStorage.setItem(USER_KEY, JSON.stringify(testUser));
});

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change Password' }));

describe('ChangePasswordForm', () => {
  it('given nothing typed, then the current password is required and every new-password rule shows', async () => {
    renderApp(<ChangePasswordForm />);
    await submit();
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one lowercase letter')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
  });

  it('given a long lowercase password, then only the uppercase and number rules show', async () => {
    renderApp(<ChangePasswordForm />);
    await userEvent.type(field('Current password'), 'Old-secret1');
    await userEvent.type(field('New password'), 'longenough');
    await submit();
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(screen.queryByText('Password must contain at least one lowercase letter')).toBeNull();
  });

  it('given a confirmation that differs, then "Passwords don\'t match" shows on the confirmation', async () => {
    renderApp(<ChangePasswordForm />);
    await userEvent.type(field('Current password'), 'Old-secret1');
    await userEvent.type(field('New password'), 'NewSecret1');
    await userEvent.type(field('Confirm new password'), 'NewSecret2');
    await submit();
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(field('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests).toHaveLength(0);
  });

  it("given a wrong current password, then the server's message shows on that field", async () => {
    server.on(
      'POST /api/auth/change-password',
      json(
        {
          success: false,
          message: 'Current password is incorrect',
          code: 'VALIDATION_ERROR',
          errors: { currentPassword: 'Current password is incorrect' },
        },
        400,
      ),
    );
    renderApp(<ChangePasswordForm />);
    await userEvent.type(field('Current password'), 'Wrong-secret1');
    await userEvent.type(field('New password'), 'NewSecret1');
    await userEvent.type(field('Confirm new password'), 'NewSecret1');
    await submit();
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('old-token');
  });

  it('given a good change, then the success message shows and the new token replaces the old one', async () => {
    server.on(
      'POST /api/auth/change-password',
      json({ success: true, message: 'Your password has been changed.', token: 'new-token' }),
    );
    renderApp(<ChangePasswordForm />);
    await userEvent.type(field('Current password'), 'Old-secret1');
    await userEvent.type(field('New password'), 'NewSecret1');
    await userEvent.type(field('Confirm new password'), 'NewSecret1');
    await submit();
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token'));
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer old-token');
    expect(JSON.parse(sent.body)).toEqual({
      currentPassword: 'Old-secret1',
      newPassword: 'NewSecret1',
      confirmPassword: 'NewSecret1',
    });
    expect(field('New password')).toHaveValue('');
  });
});
