// The fields of an endpoint: its URL, the events it receives (checkboxes) and, when creating,
// whether it starts active. Checked here as the API checks them (webhookBodySchema); the server's
// field messages are shown beside the fields too.
import { useId, useState, type FormEvent } from 'react';
import { webhookBodySchema } from '@printshop/shared-events/api/admin';
import { WEBHOOK_EVENT_NAMES } from '@printshop/shared-events/webhook-messages';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import type { WebhookFields } from '../api/admin-webhooks';
import { FormFooter } from '@/features/admin/components/form-footer';

export const WEBHOOK_FORM_MESSAGES = {
  events: 'Choose at least one event',
  failed: 'Could not save the endpoint.',
} as const;

export function WebhookForm({
  initial,
  submitLabel,
  busy,
  error,
  showActive = true,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookFields;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  showActive?: boolean;
  onSubmit(fields: WebhookFields): void;
  onCancel(): void;
}) {
  const legendId = useId();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<string[]>(initial?.events ?? []);
  const [active, setActive] = useState(initial?.active ?? true);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const server = error instanceof ApiError ? error.fieldErrors : {};

  const toggle = (name: string) =>
    setEvents((current) => (current.includes(name) ? current.filter((e) => e !== name) : [...current, name]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookBodySchema.safeParse({ url: url.trim(), events, active });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'url') found.url ??= issue.message;
        if (key === 'events') found.events ??= WEBHOOK_FORM_MESSAGES.events;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // The catalogue's order, whatever order they were ticked in.
    onSubmit({
      url: url.trim(),
      events: WEBHOOK_EVENT_NAMES.filter((name) => events.includes(name)),
      active,
    });
  };

  const eventsError = errors.events ?? server.events;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Field
        label="Endpoint URL"
        type="url"
        required
        placeholder="https://example.com/hooks/printshop"
        value={url}
        error={errors.url ?? server.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset
        className="admin-checkboxes"
        aria-labelledby={legendId}
        aria-invalid={eventsError ? true : undefined}
        aria-describedby={eventsError ? `${legendId}-error` : undefined}
      >
        <legend id={legendId}>Events</legend>
        {WEBHOOK_EVENT_NAMES.map((name) => (
          <label key={name}>
            <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} />
            {name}
          </label>
        ))}
      </fieldset>
      {eventsError && (
        <p id={`${legendId}-error`} className="field__error" role="alert">
          {eventsError}
        </p>
      )}
      {showActive && (
        <label className="admin-check">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          Active (receives events)
        </label>
      )}
      <FormFooter
        error={error}
        failed={WEBHOOK_FORM_MESSAGES.failed}
        submitLabel={submitLabel}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
