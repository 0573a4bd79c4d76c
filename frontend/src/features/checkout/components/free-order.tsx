// The payment step of a checkout with nothing to pay (a code and points cover the whole total):
// no payment method, one button that places the order. A second press while it is being placed
// sends nothing (the server would refuse it as already paid).
import { useRef, useState } from 'react';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { serverMessageOr } from '@/lib/server-message';
import { placeFreeOrder } from '../api/free-order';

export const NOTHING_TO_PAY = 'Nothing to pay: your discounts cover this order.';
export const FREE_ORDER_FAILED = 'Your order could not be placed. Please try again.';

export function FreeOrder({ checkoutId, onPaid }: { checkoutId: string; onPaid(order: OrderDto): void }) {
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const place = async () => {
    if (placing.current) return;
    placing.current = true;
    setBusy(true);
    setError(null);
    try {
      onPaid(await placeFreeOrder(checkoutId));
    } catch (caught) {
      setError(serverMessageOr(caught, FREE_ORDER_FAILED));
    } finally {
      placing.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="payment-step payment-step--free" aria-labelledby="free-order-heading">
      <h2 id="free-order-heading" className="checkout-section__heading">
        Payment
      </h2>
      <p role="status">{NOTHING_TO_PAY}</p>
      {error && <Alert>{error}</Alert>}
      <Button size="lg" loading={busy} onClick={() => void place()}>
        Place Order
      </Button>
    </section>
  );
}
