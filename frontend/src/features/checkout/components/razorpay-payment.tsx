// UPI and net banking through Razorpay. With real keys, Razorpay's checkout popup takes the
// payment; in test mode a clearly labelled panel simulates the customer's approval (or refusal) in
// the UPI app or bank, and the server signs the result exactly as Razorpay would.
import { useState } from 'react';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SITE_NAME } from '@/lib/site';
import { serverMessageOr } from '@/lib/server-message';
import {
  approveTestPayment,
  createRazorpayOrder,
  verifyRazorpayPayment,
  type RazorpayOrder,
  type RazorpayResult,
} from '../api/upi-payment';

export const UPI_PAYMENT_FAILED = 'Your payment could not be completed. Please try again.';
export const UPI_CANCELLED = 'The payment window was closed before the payment finished.';
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay could not be loaded'));
    document.head.append(script);
  });
}

export interface RazorpayPaymentProps {
  checkoutId: string;
  method: 'upi' | 'netbanking';
  amountText: string;
  email: string;
  phone: string;
  onPaid(order: OrderDto): void;
}

export function RazorpayPayment({
  checkoutId,
  method,
  amountText,
  email,
  phone,
  onPaid,
}: RazorpayPaymentProps) {
  const [order, setOrder] = useState<RazorpayOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'start' | 'approve' | 'decline' | null>(null);
  const label = method === 'upi' ? 'UPI' : 'Net Banking';

  const verify = async (result: RazorpayResult) => onPaid(await verifyRazorpayPayment(result));

  const start = async () => {
    setBusy('start');
    setError(null);
    try {
      const created = await createRazorpayOrder(checkoutId);
      setOrder(created);
      if (!created.testMode) {
        const Razorpay = await loadRazorpay();
        const popup = new Razorpay({
          key: created.keyId,
          order_id: created.orderId,
          currency: created.currency,
          name: SITE_NAME,
          prefill: { email, contact: phone, method },
          // No second attempt inside the popup: it would pay without the points and code held again.
          retry: { enabled: false },
          handler: (result: RazorpayResult) =>
            void verify(result).catch((caught: unknown) =>
              setError(serverMessageOr(caught, UPI_PAYMENT_FAILED)),
            ),
          modal: { ondismiss: () => setError(UPI_CANCELLED) },
        });
        popup.on('payment.failed', (response) => setError(response.error?.description ?? UPI_PAYMENT_FAILED));
        popup.open();
      }
    } catch (caught) {
      setError(serverMessageOr(caught, UPI_PAYMENT_FAILED));
    } finally {
      setBusy(null);
    }
  };

  const simulate = async (outcome: 'success' | 'failure') => {
    if (!order) return;
    setBusy(outcome === 'success' ? 'approve' : 'decline');
    setError(null);
    try {
      await verify(await approveTestPayment(order.orderId, outcome));
    } catch (caught) {
      setError(serverMessageOr(caught, UPI_PAYMENT_FAILED));
      // As Razorpay's popup closes on a failure: the next attempt starts again from Pay.
      setOrder(null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="razorpay-payment">
      {error && <Alert>{error}</Alert>}
      {order?.testMode ? (
        <div
          className="test-mode-banner test-mode-banner--panel"
          role="group"
          aria-label={`Simulated ${label} approval`}
        >
          <strong>Test mode — simulated {label} approval</strong>
          <span>
            No money moves. In a live shop you would now approve {amountText} in your{' '}
            {method === 'upi' ? 'UPI app' : 'bank'}.
          </span>
          <div className="test-mode-banner__actions">
            <Button
              loading={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => void simulate('success')}
            >
              Approve payment
            </Button>
            <Button
              variant="secondary"
              loading={busy === 'decline'}
              disabled={busy !== null}
              onClick={() => void simulate('failure')}
            >
              Decline payment
            </Button>
          </div>
        </div>
      ) : (
        <Button size="lg" className="checkout-pay" loading={busy === 'start'} onClick={() => void start()}>
          Pay {amountText} with {label}
        </Button>
      )}
    </div>
  );
}
