// Ask for a reset link. The server answers the same whether the account exists or not; its
// sentence is shown. A failure shows its message, else 'Password reset request failed'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import { AUTH_MESSAGES } from '@/lib/session/auth-messages';
import { requestPasswordReset } from '../api/passwords';

export function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setSent(null);
    try {
      setSent((await requestPasswordReset(values)).message);
    } catch (caught) {
      setError(serverMessageOr(caught, AUTH_MESSAGES.forgot));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
      {error && <Alert>{error}</Alert>}
      {sent && <Alert tone="success">{sent}</Alert>}
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        Send Reset Link
      </Button>
    </form>
  );
}
