// The bulk-discount table of the poster pages (spec 2 §9), from discounts.ts: the bands 1-9, 10-49,
// 50-99, 100+ with the displayed tier prices and savings labels; the shopper's current band is marked.
import {
  POSTER_DISCOUNT,
  POSTER_DISCOUNT_BANDS_DISPLAY,
  POSTER_TIER_TABLE,
  discountBand,
} from '@printshop/shared-events/rules/discounts';

export function BulkDiscountTable({ sku, totalQuantity }: { sku: string; totalQuantity: number }) {
  const row = POSTER_TIER_TABLE.find((r) => r.sku === sku);
  if (!row) return null;
  const current = POSTER_DISCOUNT.bands.indexOf(discountBand(POSTER_DISCOUNT, totalQuantity));
  return (
    <section className="bulk-table" aria-labelledby="bulk-table-heading">
      <h2 id="bulk-table-heading">Bulk Discounts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Price per {row.label} poster</th>
            <th scope="col">You save</th>
          </tr>
        </thead>
        <tbody>
          {POSTER_DISCOUNT_BANDS_DISPLAY.map((band, index) => (
            <tr
              key={band}
              className={index === current ? 'is-current' : undefined}
              aria-current={index === current || undefined}
            >
              <th scope="row">{band}</th>
              <td>₹{row.prices[index]}</td>
              <td>{index === 0 ? '—' : `${row.savings[index - 1]}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
