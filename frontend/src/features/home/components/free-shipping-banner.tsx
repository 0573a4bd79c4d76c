// The free-shipping banner: the threshold from /api/settings, else 50 USD, in the chosen currency.
import { toMinor } from '@printshop/shared-events/rules/money';
import { freeShippingBannerThreshold } from '@printshop/shared-events/rules/shipping';
import { Icon } from '../../../components/icon';
import { useSettings } from '../../catalog/api/get-settings';
import { useCurrency } from '../../currency/use-currency';

export function FreeShippingBanner() {
  const { currency } = useCurrency();
  const settings = useSettings();
  const settingCents = settings.data ? toMinor(settings.data.freeShippingThresholdUsd, 'USD') : null;
  const { text } = freeShippingBannerThreshold(currency, settingCents);
  return (
    <section className="shipping-banner" aria-label="Free shipping">
      <p>
        <Icon name="box" size={22} />
        <strong>Free shipping</strong> on orders over{' '}
        <strong data-testid="free-shipping-threshold">{text}</strong>
      </p>
    </section>
  );
}
