// The bulk-discount table of the poster pages (spec 2 §9): the owner's bands (the seed's are 1-9,
// 10-49, 50-99, 100+) with the price per poster each band charges, in the chosen currency
// (discounts.ts bandTable), and the saving; the shopper's current band is marked.
import {
  bandTable,
  discountBand,
  formatRate,
  POSTER_DISCOUNT,
  type DiscountScheme,
} from '@printshop/shared-events/rules/discounts';
import { Price } from '@/components/price';

export interface BulkDiscountTableProps {
  label: string;
  /** One poster, in minor units of the chosen currency. */
  unitPrice: number;
  totalQuantity: number;
  format(minor: number): string;
  /** The poster bands; the code's by default. */
  scheme?: DiscountScheme;
}

export function BulkDiscountTable({
  label,
  unitPrice,
  totalQuantity,
  format,
  scheme = POSTER_DISCOUNT,
}: BulkDiscountTableProps) {
  const current = scheme.bands.indexOf(discountBand(scheme, totalQuantity));
  return (
    <section className="bulk-table" aria-labelledby="bulk-table-heading">
      <h2 id="bulk-table-heading">Bulk Discounts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Price per {label} poster</th>
            <th scope="col">You save</th>
          </tr>
        </thead>
        <tbody>
          {bandTable(scheme, unitPrice).map((row, index) => (
            <tr
              key={row.label}
              className={index === current ? 'is-current' : undefined}
              aria-current={index === current || undefined}
            >
              <th scope="row">{row.label}</th>
              <td>
                <Price>{format(row.unitPrice)}</Price>
              </td>
              <td>{row.rateBps === 0 ? '—' : formatRate(row.rateBps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
