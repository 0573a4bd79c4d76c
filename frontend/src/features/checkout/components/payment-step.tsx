// Choosing how to pay: card (Stripe Elements with real keys, the labelled test form otherwise) or
// UPI / net banking (Razorpay); nothing to choose when nothing is to be paid (free-order.tsx). The card's payment intent is made once per checkout and reused; it
// is asked for again before every attempt, so the server takes the checkout's points and code again
// (a failed attempt released them) or refuses before the card is charged.
import { useQuery } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/button';
import { PAYMENT_METHODS, type PaymentMethodId } from '@/lib/payment-methods';
import { serverMessageOr } from '@/lib/server-message';
import { useCurrency } from '@/lib/currency/use-currency';
import { createPaymentIntent } from '../api/card-payment';
import type { StartedCheckout } from '../api/start-checkout';
import { FreeOrder } from './free-order';
import { RazorpayPayment } from './razorpay-payment';
import { CARD_PAYMENT_FAILED, TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export const CARD_UNAVAILABLE =
  'Card payments are not available right now. Please choose UPI or net banking.';

/** Shown instead of UPI / net banking while the checkout is in another currency than rupees. */
export const RUPEES_ONLY = 'UPI and net banking are charged in Indian rupees.';

/** Offers the switch to rupees; the checkout then restarts in INR and shows the rupee amount. */
function RupeesOnly({ label }: { label: string }) {
  const { chooseCurrency } = useCurrency();
  return (
    <div className="payment-step__rupees" role="status">
      <p>{RUPEES_ONLY}</p>
      <Button variant="secondary" onClick={() => chooseCurrency('INR')}>
        Pay with {label} in Indian rupees
      </Button>
    </div>
  );
}

function CardPayment({
  checkout,
  amountText,
  onPaid,
}: {
  checkout: StartedCheckout;
  amountText: string;
  onPaid(order: OrderDto): void;
}) {
  const intent = useQuery({
    queryKey: ['payment-intent', checkout.checkoutId],
    queryFn: () => createPaymentIntent(checkout.checkoutId),
    staleTime: Infinity,
    retry: false,
  });
  if (intent.isPending) return <Spinner label="Preparing card payment…" />;
  if (intent.isError) return <Alert>{serverMessageOr(intent.error, CARD_PAYMENT_FAILED)}</Alert>;
  const { testMode, publishableKey, clientSecret, paymentIntentId } = intent.data;
  const beforePay = () => createPaymentIntent(checkout.checkoutId);
  if (testMode)
    return (
      <TestCardForm
        paymentIntentId={paymentIntentId}
        amountText={amountText}
        beforePay={beforePay}
        onPaid={onPaid}
      />
    );
  if (!publishableKey) return <Alert>{CARD_UNAVAILABLE}</Alert>;
  return (
    <Suspense fallback={<Spinner label="Loading the secure card form…" />}>
      <StripeCardForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        paymentIntentId={paymentIntentId}
        amountText={amountText}
        beforePay={beforePay}
        onPaid={onPaid}
      />
    </Suspense>
  );
}

export interface PaymentStepProps {
  checkout: StartedCheckout;
  amountText: string;
  email: string;
  phone: string;
  onPaid(order: OrderDto): void;
}

/**
 * The method chosen, kept outside the step: paying by UPI in rupees restarts the checkout in INR,
 * which unmounts the step, and the shopper comes back to the method they chose, not to Card.
 */
const paymentMethodAtom = atom<PaymentMethodId>('card');

export function PaymentStep({ checkout, amountText, email, phone, onPaid }: PaymentStepProps) {
  const [method, setMethod] = useAtom(paymentMethodAtom);
  if (checkout.amount === 0) return <FreeOrder checkoutId={checkout.checkoutId} onPaid={onPaid} />;
  const chosen = PAYMENT_METHODS.find((m) => m.id === method)!;
  const offered = !chosen.onlyIn || chosen.onlyIn === checkout.currency;
  return (
    <div className="payment-step">
      <fieldset className="payment-methods">
        <legend className="checkout-section__heading">Payment method</legend>
        {PAYMENT_METHODS.map((m) => (
          <label key={m.id} className="payment-methods__option">
            <input
              type="radio"
              name="payment-method"
              value={m.id}
              checked={method === m.id}
              onChange={() => setMethod(m.id)}
            />
            <span>
              <strong>{m.label}</strong>
              <small>{m.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {method === 'card' ? (
        <CardPayment checkout={checkout} amountText={amountText} onPaid={onPaid} />
      ) : !offered ? (
        <RupeesOnly label={chosen.label} />
      ) : (
        <RazorpayPayment
          key={method}
          checkoutId={checkout.checkoutId}
          method={method}
          amountText={amountText}
          email={email}
          phone={phone}
          onPaid={onPaid}
        />
      )}
    </div>
  );
}
