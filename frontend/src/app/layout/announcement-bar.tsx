// The free-shipping threshold of the visitor's country, or 'Worldwide shipping available' (spec 1 §2).
import { useAtomValue } from 'jotai';
import { shippingAnnouncement } from '@printshop/shared-events/rules/shipping';
import { Icon } from '../../components/icon';
import { detectedCountryAtom } from '../../features/currency/currency-store';

export function AnnouncementBar() {
  const country = useAtomValue(detectedCountryAtom);
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <Icon name="truck" size={16} />
      {shippingAnnouncement(country)}
    </div>
  );
}
