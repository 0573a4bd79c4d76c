// The contact form: name, e-mail, subject, message. The same schema as the server checks it here
// first; the server's field messages land on the fields and its thank-you sentence is shown.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactBodySchema } from '@printshop/shared-events/api/contact';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, TextareaField } from '@/components/field';
import { applyFieldErrors } from '@/lib/form-errors';
import { serverMessageOr } from '@/lib/server-message';
import { sendContactMessage } from '../api/send-contact';

export const CONTACT_FAILED = 'Your message could not be sent. Please try again.';
const EMPTY = { name: '', email: '', subject: '', message: '' };

export function ContactForm({ defaults }: { defaults?: Partial<typeof EMPTY> }) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // A signed-in customer's name and e-mail are known only once a prerendered page has hydrated,
  // after the form's first render: they come in as values, and what the visitor typed stays.
  const values = useMemo(() => ({ ...EMPTY, ...defaults }), [defaults]);
  const form = useForm({
    resolver: zodResolver(contactBodySchema),
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setSent(null);
    try {
      setSent((await sendContactMessage(values)).message);
      form.reset({ ...EMPTY, name: values.name, email: values.email });
    } catch (caught) {
      if (applyFieldErrors(caught, form.setError, ['name', 'email', 'subject', 'message']) === 0) {
        setError(serverMessageOr(caught, CONTACT_FAILED));
      }
    }
  });

  return (
    <form
      className="contact-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Contact us"
    >
      {error && <Alert>{error}</Alert>}
      {sent && <Alert tone="success">{sent}</Alert>}
      <div className="contact-form__row">
        <Field
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <Field label="Subject" required error={errors.subject?.message} {...form.register('subject')} />
      <TextareaField
        label="Message"
        rows={6}
        required
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button type="submit" size="lg" loading={isSubmitting}>
        Send Message
      </Button>
    </form>
  );
}
