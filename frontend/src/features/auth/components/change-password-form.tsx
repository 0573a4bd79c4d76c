// Change password (spec 1 §5, messages word for word from rules/password-policy.ts). The server's
// answer carries a fresh token (the change ends older sessions): it is stored, so this one goes on.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyFieldErrors } from '@/lib/form-errors';
import { serverMessageOr } from '@/lib/server-message';
import { useAuthActions } from '@/lib/session/use-auth-actions';
import { useSession } from '@/lib/session/use-session';
import { changePassword } from '../api/passwords';
import { PASSWORD_HINT, PasswordField } from './password-field';
import './auth.css';

export const CHANGE_PASSWORD_FAILED = 'Could not change your password. Please try again.';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { session } = useSession();
  const { setSession } = useAuthActions();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
    criteriaMode: 'all',
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setDone(null);
    try {
      const answer = await changePassword(values);
      if (answer.token && session) setSession({ token: answer.token, user: session.user });
      setDone(answer.message);
      form.reset(EMPTY);
    } catch (caught) {
      if (
        applyFieldErrors(caught, form.setError, ['currentPassword', 'newPassword', 'confirmPassword']) === 0
      ) {
        setError(serverMessageOr(caught, CHANGE_PASSWORD_FAILED));
      }
    }
  });

  return (
    <form
      className="account-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Change password"
    >
      {error && <Alert>{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
        {...form.register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={errors.newPassword}
        {...form.register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
