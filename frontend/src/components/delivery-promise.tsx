// "Arrives 3-9 Dec" for the visitor's country (or the days given), from today's date (or `from`, an
// order's date): the one delivery promise of product pages, cart, checkout and confirmation.
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { useArrives, useShippingClaims } from '@/lib/use-shop-claims';

interface Days {
  min: number;
  max: number;
}

export function DeliveryPromise({ days, from }: { days?: Days; from?: string }) {
  const visitor = useShippingClaims();
  const chosen = days ?? visitor.days;
  const fromToday = useArrives(chosen);
  const text = from ? arrivesText(new Date(from), chosen) : fromToday;
  return (
    <p className="delivery-promise" data-testid="delivery-promise">
      {text}
    </p>
  );
}
