// Card payment with Stripe Elements, used only when the server hands out a publishable key (real
// keys configured). Loaded on demand, so Stripe's code never weighs on other pages. Stripe confirms
// the card in the browser (3-D Secure included); the shop then confirms the intent on the server.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { serverMessageOr } from '@/lib/server-message';
import { confirmCardPayment } from '../api/card-payment';
import { CARD_PAYMENT_FAILED } from './test-card-form';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  amountText: string;
  /** Asks the server again for the payment; a refusal (points or code gone) stops the attempt. */
  beforePay(): Promise<unknown>;
  onPaid(order: OrderDto): void;
}

function PayButton({
  paymentIntentId,
  amountText,
  beforePay,
  onPaid,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      // Stripe.js wants the form checked (and a wallet's sheet shown) before any other awaited work.
      const submitted = await elements.submit();
      if (submitted.error) {
        setError(submitted.error.message ?? CARD_PAYMENT_FAILED);
        return;
      }
      await beforePay();
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/order-confirmation` },
      });
      if (result.error) {
        setError(result.error.message ?? CARD_PAYMENT_FAILED);
        return;
      }
      onPaid(await confirmCardPayment(paymentIntentId));
    } catch (caught) {
      setError(serverMessageOr(caught, CARD_PAYMENT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} aria-label="Card details">
      <PaymentElement />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" size="lg" loading={busy} disabled={!stripe} className="checkout-pay">
        Pay {amountText}
      </Button>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PayButton {...rest} />
    </Elements>
  );
}
