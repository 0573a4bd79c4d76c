// The free-shipping threshold of the visitor's country in the chosen currency, or 'Worldwide
// shipping available' (spec 1 §2); the same threshold the cart uses (shipping-terms.ts).
import { useAtomValue } from 'jotai';
import { shippingAnnouncement } from '@printshop/shared-events/rules/shipping-terms';
import { Icon } from '../../components/icon';
import { currencyAtom, detectedCountryAtom } from '../../features/currency/currency-store';

export function AnnouncementBar() {
  const country = useAtomValue(detectedCountryAtom);
  const currency = useAtomValue(currencyAtom);
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <Icon name="truck" size={16} />
      {shippingAnnouncement(country, currency)}
    </div>
  );
}
