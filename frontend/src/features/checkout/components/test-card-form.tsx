// The card form of test mode (no Stripe keys configured): clearly labelled, it sends the typed
// card number to confirm-payment, where Stripe's test cards decide the outcome (4242… pays,
// 4000 0000 0000 0002 is declined). The server's decline message is shown as it is.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import { confirmCardPayment } from '../api/card-payment';

export const TEST_MODE_LABEL = 'Test mode — use 4242 4242 4242 4242';
export const CARD_PAYMENT_FAILED = 'Your payment could not be completed. Please try again.';

export const TEST_CARD_MESSAGES = {
  number: 'Enter a card number of 12 to 19 digits',
  expiry: 'Enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvc: 'Enter the 3- or 4-digit security code',
} as const;

/** MM/YY not before this month (`now` passed in for tests). */
export function expiryIsCurrent(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

const testCardSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, TEST_CARD_MESSAGES.number)),
  expiry: z
    .string()
    .regex(/^\d{2}\s*\/\s*\d{2}$/, TEST_CARD_MESSAGES.expiry)
    .refine((v) => Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 12, TEST_CARD_MESSAGES.expiry)
    .refine((v) => expiryIsCurrent(v), TEST_CARD_MESSAGES.expired),
  cvc: z.string().regex(/^\d{3,4}$/, TEST_CARD_MESSAGES.cvc),
});

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function TestCardForm({
  paymentIntentId,
  amountText,
  beforePay,
  onPaid,
}: {
  paymentIntentId: string;
  amountText: string;
  /** Asks the server again for the payment; a refusal (points or code gone) stops the attempt. */
  beforePay(): Promise<unknown>;
  onPaid(order: OrderDto): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(testCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const number = form.register('number');

  const submit = form.handleSubmit(async (card) => {
    try {
      await beforePay();
      onPaid(await confirmCardPayment(paymentIntentId, card.number));
    } catch (caught) {
      setError(serverMessageOr(caught, CARD_PAYMENT_FAILED));
    }
  });

  return (
    <form
      className="test-card-form"
      onSubmit={(event) => {
        // Every attempt drops the last answer, also one that stops at the fields: a decline left
        // above new field messages reads as the answer to the corrected card.
        setError(null);
        void submit(event);
      }}
      noValidate
      aria-label="Card details"
    >
      <p className="test-mode-banner" role="note">
        <strong>{TEST_MODE_LABEL}</strong>
        <span>Any future expiry date and any 3 digits work. No real card is charged.</span>
      </p>
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        required
        error={errors.number?.message}
        {...number}
        onChange={(event) => {
          event.target.value = groupDigits(event.target.value);
          return number.onChange(event);
        }}
      />
      <div className="field-row test-card-form__row">
        <Field
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          required
          error={errors.expiry?.message}
          {...form.register('expiry')}
        />
        <Field
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          required
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      {/* Beside the button, where the customer is looking when the answer comes. */}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" size="lg" loading={isSubmitting} className="checkout-pay">
        Pay {amountText}
      </Button>
    </form>
  );
}
