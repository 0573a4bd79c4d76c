// Set a new password with the token of the e-mailed link. The policy's messages show on the
// fields; a refused token or other failure shows the server's message, else 'Password reset failed'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetPasswordSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { serverMessageOr } from '@/lib/server-message';
import { AUTH_MESSAGES } from '@/lib/session/auth-messages';
import { resetPassword } from '../api/passwords';
import { PASSWORD_HINT, PasswordField } from './password-field';

export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
    criteriaMode: 'all',
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      setDone((await resetPassword(values)).message);
    } catch (caught) {
      applyFieldErrors(caught, form.setError, ['password', 'confirmPassword']);
      const tokenError = caught instanceof ApiError ? caught.fieldErrors.token : undefined;
      setError(tokenError ?? serverMessageOr(caught, AUTH_MESSAGES.reset));
    }
  });

  if (done) {
    return (
      <div>
        <Alert tone="success">{done}</Alert>
        <Link to="/login">Sign in with your new password</Link>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
      {(error ?? errors.token?.message) && <Alert>{error ?? errors.token?.message}</Alert>}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={errors.password}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        Reset Password
      </Button>
    </form>
  );
}
