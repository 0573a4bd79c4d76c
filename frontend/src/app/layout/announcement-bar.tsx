// The free-shipping threshold of the visitor's country in the chosen currency, or 'Worldwide
// shipping available' (spec 1 §2); the same threshold the cart uses (shipping-terms.ts), with the
// owner's live settings (GET /api/settings). The threshold is marked as a price (<Price>).
// useCurrency's currency: a prerendered page's until it has hydrated.
import { useAtomValue } from 'jotai';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { Icon } from '@/components/icon';
import { Price } from '@/components/price';
import { useShippingAnnouncement, useShippingTerms } from '@/lib/catalog/live-catalog';
import { knownCountryAtom } from '@/lib/currency/currency-store';
import { useCurrency } from '@/lib/currency/use-currency';
import { useHydrated } from '@/lib/use-hydrated';

export function AnnouncementBar() {
  // The prerendered page knows no country: a saved choice shows once hydrated.
  const known = useAtomValue(knownCountryAtom);
  const country = useHydrated() ? known : null;
  const { currency } = useCurrency();
  const announcement = useShippingAnnouncement(country, currency);
  const threshold = useShippingTerms(country, currency).freeShippingThreshold;
  const price = threshold === null ? '' : formatMoney(threshold, currency);
  const at = price ? announcement.lastIndexOf(price) : -1;
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <Icon name="truck" size={16} />
      {/* One flex item: on a narrow phone the sentence wraps as a sentence, the price within it. */}
      <span>
        {at < 0 ? (
          announcement
        ) : (
          <>
            {announcement.slice(0, at)}
            <Price>{price}</Price>
            {announcement.slice(at + price.length)}
          </>
        )}
      </span>
    </div>
  );
}
