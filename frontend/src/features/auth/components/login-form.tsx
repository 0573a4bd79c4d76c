// Sign in (POST /api/auth/login through the session feature): e-mail and password; a failure
// shows the server's message, else 'Login failed', and leaves no session behind.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { useAuthActions } from '@/lib/session/use-auth-actions';
import type { Session } from '@/lib/session/session-store';
import { PasswordField } from './password-field';

export function LoginForm({
  onSignedIn,
  submitLabel = 'Sign In',
}: {
  onSignedIn(session: Session): void;
  submitLabel?: string;
}) {
  const { login } = useAuthActions();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSignedIn(await login(values));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Login failed');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      {error && <Alert>{error}</Alert>}
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
