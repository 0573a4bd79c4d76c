// "Arrives 3-9 Dec" for the visitor's country (or the days given), from today's date (or `from`, an
// order's date): the one delivery promise of product pages, cart, checkout and confirmation.
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { useArrives, useShippingClaims } from '@/lib/use-shop-claims';

interface Days {
  min: number;
  max: number;
}

/**
 * The promise from today as inline text: on a prerendered page it keeps its room but shows only
 * once the app knows today's date (global.css hides `data-pending`).
 */
export function Arrives({ days }: { days: Days }) {
  const { text, pending } = useArrives(days);
  return <span data-pending={pending ? '' : undefined}>{text}</span>;
}

export function DeliveryPromise({ days, from }: { days?: Days; from?: string }) {
  const visitor = useShippingClaims();
  const chosen = days ?? visitor.days;
  return (
    <p className="delivery-promise" data-testid="delivery-promise">
      {from ? arrivesText(new Date(from), chosen) : <Arrives days={chosen} />}
    </p>
  );
}
