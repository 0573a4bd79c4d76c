// Static information: the shipping rules of spec 1 §9 as a table, every amount in the chosen
// currency by the same terms the cart charges (shipping-terms.ts), with the owner's live settings.
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { formatMoney } from '@printshop/shared-events/rules/money';
import {
  DOMESTIC_RULE,
  REST_OF_WORLD_RULE,
  SHIPPING_RULES,
  UNLISTED_COUNTRY_MESSAGE,
  type ShippingRule,
} from '@printshop/shared-events/rules/shipping';
import { Page } from '@/components/page';
import { useShippingTerms } from '@/lib/catalog/live-catalog';
import { useCurrency } from '@/lib/currency/use-currency';
import { Price } from '@/components/price';

function Row({ rule, currency }: { rule: ShippingRule; currency: CurrencyCode }) {
  const terms = useShippingTerms(rule.country, currency);
  return (
    <tr>
      <th scope="row">{rule.countryName}</th>
      <td>
        <Price>{formatMoney(terms.baseRate, currency)}</Price>
      </td>
      <td>
        {terms.freeShippingThreshold === null ? (
          '—'
        ) : (
          <Price>{formatMoney(terms.freeShippingThreshold, currency)}</Price>
        )}
      </td>
      <td>
        {terms.rule.estimatedDays.min}-{terms.rule.estimatedDays.max} days
      </td>
    </tr>
  );
}

export function Component() {
  const { currency } = useCurrency();
  const rules = [
    DOMESTIC_RULE,
    ...[...SHIPPING_RULES].sort((a, b) => a.countryName.localeCompare(b.countryName)),
  ];
  return (
    <Page
      title="Shipping Info"
      heading="Shipping Information"
      intro={`We ship from India to ${SHIPPING_RULES.length} countries. One flat rate per order, free above your country's threshold.`}
      description="Shipping rates, free-shipping thresholds and delivery times for every country we ship to."
      canonicalPath="/shipping-info"
    >
      <div className="prose" style={{ maxWidth: 'none' }}>
        {/* Focusable, so keyboard users can scroll a table wider than a phone. */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Shipping rates by country">
          <table>
            <caption className="visually-hidden">Shipping rates by country</caption>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Shipping</th>
                <th scope="col">Free over</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <Row key={rule.country} rule={rule} currency={currency} />
              ))}
              <Row rule={REST_OF_WORLD_RULE} currency={currency} />
            </tbody>
          </table>
        </div>
        <p>{UNLISTED_COUNTRY_MESSAGE}</p>
        <h2>How it works</h2>
        <p>
          Shipping is a flat rate per order, whatever the number of items, and it is free once your order
          subtotal (before any discount) reaches your country&apos;s threshold. Amounts are shown in the
          currency you chose; a country&apos;s own currency shows its exact rate. Delivery times start when
          your order is printed, usually within 48 hours.
        </p>
      </div>
    </Page>
  );
}
