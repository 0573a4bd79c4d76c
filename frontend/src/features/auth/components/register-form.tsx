// Create Account (POST /api/auth/register through the session feature). Every broken password
// rule is listed on the field; a failure shows the server's message, else 'Registration failed'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { registerSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAuthActions } from '@/lib/session/use-auth-actions';
import type { Session } from '@/lib/session/session-store';
import { PASSWORD_HINT, PasswordField } from './password-field';

export function RegisterForm({ onRegistered }: { onRegistered(session: Session): void }) {
  const { register: createAccount } = useAuthActions();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    criteriaMode: 'all',
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onRegistered(await createAccount(values));
    } catch (caught) {
      applyFieldErrors(caught, form.setError, ['firstName', 'lastName', 'email', 'password']);
      setError(caught instanceof Error ? caught.message : 'Registration failed');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account">
      {error && <Alert>{error}</Alert>}
      <div className="field-row auth-card__row">
        <Field
          label="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
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
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={errors.password}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}
