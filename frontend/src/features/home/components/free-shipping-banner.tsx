// The free-shipping banner: the threshold of the visitor's country (US until detected) in the chosen
// currency, from the same rule as the announcement bar, the cart and the shipping page, with the owner's live settings.
import { formatMoney } from '@printshop/shared-events/rules/money';
import { Icon } from '@/components/icon';
import { useCurrency } from '@/lib/currency/use-currency';
import { useShippingTerms } from '@/lib/catalog/live-catalog';
import { Price } from '@/components/price';

export function FreeShippingBanner() {
  const { currency, country } = useCurrency();
  const threshold = useShippingTerms(country, currency).freeShippingThreshold;
  if (threshold === null) return null;
  return (
    <section className="shipping-banner" aria-label="Free shipping">
      <p>
        <Icon name="box" size={22} />
        <strong>Free shipping</strong> on orders over{' '}
        <strong data-testid="free-shipping-threshold">
          <Price>{formatMoney(threshold, currency)}</Price>
        </strong>
      </p>
    </section>
  );
}
