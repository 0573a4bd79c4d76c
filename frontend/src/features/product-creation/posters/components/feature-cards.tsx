// The three feature cards of the poster pages (spec 2 §2). Free delivery within India holds from
// India's free-shipping threshold, which the card names in the chosen currency (a smaller order
// pays the shipping checkout shows): the same terms as the cart's. The currency is useCurrency's,
// which keeps the prerendered one until hydration ends: the saved one at once broke hydration.
import { formatMoney } from '@printshop/shared-events/rules/money';
import { Icon } from '@/components/icon';
import { Price } from '@/components/price';
import { useShippingTerms } from '@/lib/catalog/live-catalog';
import { useCurrency } from '@/lib/currency/use-currency';
import { FEATURE_CARDS } from '../poster-content';

function IndiaDelivery({ fallback }: { fallback: string }) {
  const { currency } = useCurrency();
  const threshold = useShippingTerms('IN', currency).freeShippingThreshold;
  if (threshold === null) return <span>{fallback}</span>;
  return (
    <span>
      On orders over <Price>{formatMoney(threshold, currency)}</Price> to an Indian address.
    </span>
  );
}

export function FeatureCards() {
  return (
    <ul className="poster-features" aria-label="Why our posters">
      {FEATURE_CARDS.map((card) => (
        <li key={card.id}>
          <Icon name={card.icon} size={26} />
          <strong>{card.title}</strong>
          {card.id === 'delivery' ? <IndiaDelivery fallback={card.text} /> : <span>{card.text}</span>}
        </li>
      ))}
    </ul>
  );
}
