// The free-shipping threshold of the visitor's country in the chosen currency, or 'Worldwide
// shipping available' (spec 1 §2); the same threshold the cart uses (shipping-terms.ts), with the
// owner's live settings (GET /api/settings).
import { useAtomValue } from 'jotai';
import { Icon } from '@/components/icon';
import { useShippingAnnouncement } from '@/lib/catalog/live-catalog';
import { currencyAtom, detectedCountryAtom } from '@/lib/currency/currency-store';

export function AnnouncementBar() {
  const country = useAtomValue(detectedCountryAtom);
  const currency = useAtomValue(currencyAtom);
  const announcement = useShippingAnnouncement(country, currency);
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <Icon name="truck" size={16} />
      {announcement}
    </div>
  );
}
