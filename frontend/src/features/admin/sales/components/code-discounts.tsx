// The promotion codes' part of the sales report: what each code took off over the range and how
// many orders used it (cancelled orders taken back), largest first.
import type { SalesReportResponse } from '@printshop/shared-events/api/admin';
import { formatCount } from '@/features/admin/admin-format';

export const CODE_DISCOUNTS_MESSAGES = {
  none: 'No promotion code was used in this range.',
} as const;

export function CodeDiscounts({
  byCode,
  money,
}: {
  byCode: NonNullable<SalesReportResponse['byCode']>;
  money: (amount: number) => string;
}) {
  return (
    <section className="admin-section" aria-labelledby="sales-by-code">
      <h2 id="sales-by-code">Promotion codes</h2>
      {byCode.length === 0 ? (
        <p className="admin-empty">{CODE_DISCOUNTS_MESSAGES.none}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Discounts by promotion code</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Discount
                </th>
              </tr>
            </thead>
            <tbody>
              {byCode.map((row) => (
                <tr key={row.code}>
                  <th scope="row">{row.code}</th>
                  <td className="num">{formatCount(row.orders)}</td>
                  <td className="num">{money(row.discount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
