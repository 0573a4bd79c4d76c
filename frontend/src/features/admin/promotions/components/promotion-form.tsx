// The fields of a new promotion code: the code, a percentage or fixed amounts per currency, the
// minimum subtotal (USD), start and end, the total and per-customer limits, the product families it
// is for (none ticked: every line). The server judges the terms; its field messages show beside
// the fields they concern.
import { useState, type FormEvent } from 'react';
import { FAMILIES } from '@printshop/shared-events/api/catalog-enums';
import { CURRENCY_CODES } from '@printshop/shared-events/rules/currencies';
import { Button } from '@/components/button';
import { Field, SelectField } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import type { NewPromotion } from '../api/admin-promotions';
import { FormFooter } from '@/features/admin/components/form-footer';

export const PROMOTION_FORM_MESSAGES = {
  number: 'Enter a number',
  failed: 'Could not create the code.',
} as const;

type Kind = 'percent' | 'amount';
interface AmountRow {
  currency: string;
  amount: string;
}

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const familyLabel = (family: string) => family.charAt(0).toUpperCase() + family.slice(1).replace(/-/g, ' ');

/** A number typed in a field: undefined when empty, NaN when not a number. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
/** A datetime-local value as an ISO instant (the admin's own time zone). */
const instantOf = (text: string) => (text ? new Date(text).toISOString() : undefined);

export function PromotionForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error: unknown;
  onSubmit(fields: NewPromotion): void;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<Kind>('percent');
  const [percent, setPercent] = useState('');
  const [amounts, setAmounts] = useState<AmountRow[]>([{ currency: 'USD', amount: '' }]);
  const [minimum, setMinimum] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [perCustomer, setPerCustomer] = useState('');
  const [families, setFamilies] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = error instanceof ApiError ? error.fieldErrors : {};
  const amountsError = Object.entries(server).find(([key]) => key.startsWith('amountsOff'))?.[1];
  const message = (key: string) => errors[key] ?? server[key];

  const setRow = (index: number, change: Partial<AmountRow>) =>
    setAmounts((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const toggleFamily = (family: string) =>
    setFamilies((current) =>
      current.includes(family) ? current.filter((f) => f !== family) : [...current, family],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numbers = {
      percent: numberOf(percent),
      minimum: numberOf(minimum),
      maxUses: numberOf(maxUses),
      perCustomer: numberOf(perCustomer),
    };
    const found: Record<string, string> = {};
    const keys = {
      percent: 'percentBps',
      minimum: 'minSubtotalUsd',
      maxUses: 'maxUses',
      perCustomer: 'maxUsesPerCustomer',
    };
    for (const [name, value] of Object.entries(numbers)) {
      if (Number.isNaN(value)) found[keys[name as keyof typeof keys]] = PROMOTION_FORM_MESSAGES.number;
    }
    const rows = amounts.filter((row) => row.amount.trim() !== '');
    if (kind === 'amount' && rows.some((row) => Number.isNaN(Number(row.amount)))) {
      found.amountsOff = PROMOTION_FORM_MESSAGES.number;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields: NewPromotion = { code: code.trim() };
    if (kind === 'percent' && numbers.percent !== undefined) {
      // Basis points: 12.5% is 1250.
      fields.percentBps = Math.round(numbers.percent * 100);
    }
    if (kind === 'amount' && rows.length > 0) {
      fields.amountsOff = Object.fromEntries(rows.map((row) => [row.currency, Number(row.amount)]));
    }
    if (numbers.minimum !== undefined) fields.minSubtotalUsd = numbers.minimum;
    const starts = instantOf(startsAt);
    const ends = instantOf(endsAt);
    if (starts) fields.startsAt = starts;
    if (ends) fields.endsAt = ends;
    if (numbers.maxUses !== undefined) fields.maxUses = numbers.maxUses;
    if (numbers.perCustomer !== undefined) fields.maxUsesPerCustomer = numbers.perCustomer;
    if (families.length > 0) {
      fields.families = FAMILIES.filter((family) => families.includes(family));
    }
    onSubmit(fields);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New promotion code">
      <Field
        label="Code"
        required
        hint="3 to 32 letters, digits, - or _ (kept upper-case)"
        value={code}
        error={message('code')}
        onChange={(event) => setCode(event.target.value)}
      />
      <fieldset className="admin-checkboxes">
        <legend>Discount</legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'percent'} onChange={() => setKind('percent')} />
          Percentage
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'amount'} onChange={() => setKind('amount')} />
          Fixed amount per currency
        </label>
      </fieldset>
      {kind === 'percent' ? (
        <Field
          label="Percentage off (%)"
          inputMode="decimal"
          value={percent}
          error={message('percentBps')}
          onChange={(event) => setPercent(event.target.value)}
        />
      ) : (
        <>
          {amounts.map((row, index) => (
            <div className="admin-form-row" key={index}>
              <SelectField
                label={index === 0 ? 'Currency' : `Currency ${index + 1}`}
                options={CURRENCY_OPTIONS}
                value={row.currency}
                onChange={(event) => setRow(index, { currency: event.target.value })}
              />
              <Field
                label={index === 0 ? 'Amount off' : `Amount off ${index + 1}`}
                inputMode="decimal"
                value={row.amount}
                error={index === 0 ? (errors.amountsOff ?? amountsError) : undefined}
                onChange={(event) => setRow(index, { amount: event.target.value })}
              />
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAmounts((rows) => [...rows, { currency: 'EUR', amount: '' }])}
          >
            Add a currency
          </Button>
        </>
      )}
      <Field
        label="Minimum subtotal (USD)"
        inputMode="decimal"
        value={minimum}
        error={message('minSubtotalUsd')}
        onChange={(event) => setMinimum(event.target.value)}
      />
      <div className="admin-form-row">
        <Field
          label="Starts"
          type="datetime-local"
          hint="Empty: now"
          value={startsAt}
          error={message('startsAt')}
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <Field
          label="Ends"
          type="datetime-local"
          hint="Empty: no end"
          value={endsAt}
          error={message('endsAt')}
          onChange={(event) => setEndsAt(event.target.value)}
        />
      </div>
      <div className="admin-form-row">
        <Field
          label="Total uses"
          inputMode="numeric"
          hint="Empty: no limit"
          value={maxUses}
          error={message('maxUses')}
          onChange={(event) => setMaxUses(event.target.value)}
        />
        <Field
          label="Uses per customer"
          inputMode="numeric"
          hint="Empty: no limit"
          value={perCustomer}
          error={message('maxUsesPerCustomer')}
          onChange={(event) => setPerCustomer(event.target.value)}
        />
      </div>
      <fieldset className="admin-checkboxes">
        <legend>Product families (none: every item)</legend>
        {FAMILIES.map((family) => (
          <label key={family}>
            <input
              type="checkbox"
              checked={families.includes(family)}
              onChange={() => toggleFamily(family)}
            />
            {familyLabel(family)}
          </label>
        ))}
      </fieldset>
      {message('families') && (
        <p className="field__error" role="alert">
          {message('families')}
        </p>
      )}
      <FormFooter
        error={error}
        failed={PROMOTION_FORM_MESSAGES.failed}
        submitLabel="Create code"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
