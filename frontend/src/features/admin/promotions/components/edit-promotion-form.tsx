// Changing a code's terms that may change after it was made (API.md PATCH /api/admin/promotions/:code):
// the minimum subtotal, start and end, the total and per-customer limits. Filled with the code's
// values; only the fields the admin changed are sent (an emptied one as null: no minimum, no end,
// no limit). The server judges them; its field messages show beside the fields they concern.
import { useState, type FormEvent } from 'react';
import type { PromotionDto } from '@printshop/shared-events/api/promotions';
import { Alert } from '@/components/alert';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import type { PromotionChange } from '../api/admin-promotions';
import { FormFooter } from '@/features/admin/components/form-footer';

export const EDIT_PROMOTION_MESSAGES = {
  number: 'Enter a number',
  start: 'Enter a start date',
  failed: 'Could not change the code.',
  unchanged: 'Nothing changed.',
} as const;

/** An instant as a datetime-local value in the admin's own time zone ('' for none). */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const textOf = (value: number | null) => (value === null || value === 0 ? '' : String(value));

type Key = 'minSubtotalUsd' | 'startsAt' | 'endsAt' | 'maxUses' | 'maxUsesPerCustomer';

export function EditPromotionForm({
  promotion,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  promotion: PromotionDto;
  busy: boolean;
  error: unknown;
  onSubmit(change: PromotionChange): void;
  onCancel(): void;
}) {
  const initial: Record<Key, string> = {
    minSubtotalUsd: textOf(promotion.minSubtotalUsd),
    startsAt: localInputOf(promotion.startsAt),
    endsAt: localInputOf(promotion.endsAt),
    maxUses: textOf(promotion.maxUses),
    maxUsesPerCustomer: textOf(promotion.maxUsesPerCustomer),
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Key | 'form', string>>>({});
  const server = error instanceof ApiError ? error.fieldErrors : {};
  const message = (key: Key) => errors[key] ?? server[key];
  const field = (key: Key) => ({
    value: values[key],
    error: message(key),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Key | 'form', string>> = {};
    const change: PromotionChange = {};
    for (const key of ['minSubtotalUsd', 'maxUses', 'maxUsesPerCustomer'] as const) {
      const text = values[key].trim();
      if (text === initial[key]) continue;
      const number = text === '' ? null : Number(text);
      if (Number.isNaN(number)) found[key] = EDIT_PROMOTION_MESSAGES.number;
      else change[key] = number;
    }
    if (values.startsAt !== initial.startsAt) {
      if (values.startsAt === '') found.startsAt = EDIT_PROMOTION_MESSAGES.start;
      else change.startsAt = new Date(values.startsAt).toISOString();
    }
    if (values.endsAt !== initial.endsAt) {
      change.endsAt = values.endsAt === '' ? null : new Date(values.endsAt).toISOString();
    }
    if (Object.keys(found).length === 0 && Object.keys(change).length === 0) {
      found.form = EDIT_PROMOTION_MESSAGES.unchanged;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(change);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${promotion.code}`}>
      <Field
        label="Minimum subtotal (USD)"
        inputMode="decimal"
        hint="Empty: no minimum"
        {...field('minSubtotalUsd')}
      />
      <div className="admin-form-row">
        <Field label="Starts" type="datetime-local" {...field('startsAt')} />
        <Field label="Ends" type="datetime-local" hint="Empty: no end" {...field('endsAt')} />
      </div>
      <div className="admin-form-row">
        <Field label="Total uses" inputMode="numeric" hint="Empty: no limit" {...field('maxUses')} />
        <Field
          label="Uses per customer"
          inputMode="numeric"
          hint="Empty: no limit"
          {...field('maxUsesPerCustomer')}
        />
      </div>
      {errors.form && <Alert tone="info">{errors.form}</Alert>}
      <FormFooter
        error={error}
        failed={EDIT_PROMOTION_MESSAGES.failed}
        submitLabel="Save changes"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
