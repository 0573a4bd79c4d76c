// Before a new price or new quantity bands are saved: the open carts they would change (API.md
// "Admin", price-preview), each with its subtotal and its total after the bands, now and after.
import { formatMoney } from '@printshop/shared-events/rules/money';
import { formatRate } from '@printshop/shared-events/rules/discounts';
import { QueryState } from '@/features/admin/components/query-state';
import { usePricePreview, type PreviewedChange } from '../api/admin-catalog';

type Band = { minQuantity: number; rateBps: number };
const bandsText = (bands: readonly Band[]) =>
  bands.length === 0 ? 'no bands' : bands.map((b) => `${b.minQuantity}+ ${formatRate(b.rateBps)}`).join(', ');

export function PricePreview({ sku, change }: { sku: string; change: PreviewedChange }) {
  const preview = usePricePreview(sku, change);
  const usd = (cents: number) => formatMoney(cents, 'USD');
  return (
    <section aria-label="Price preview" className="admin-preview">
      <h2>Price preview{change.size ? ` (${change.size})` : ''}</h2>
      <QueryState query={preview} failed="Could not preview the change." loadingLabel="Previewing…">
        {(answer) => (
          <>
            {change.priceUsdCents !== null && (
              <p>
                Price {usd(answer.currentUsdCents)} → {usd(answer.newUsdCents)}
              </p>
            )}
            {change.bands !== null && (
              <p>
                Bands {bandsText(answer.currentBands)} → {bandsText(answer.newBands)}
              </p>
            )}
            <p>
              {answer.carts.length === 0
                ? 'No open cart would change.'
                : `${answer.carts.length} open cart${answer.carts.length === 1 ? '' : 's'} would change.`}
            </p>
            {answer.carts.length > 0 && (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Cart</th>
                      <th scope="col" className="num">
                        Quantity
                      </th>
                      <th scope="col" className="num">
                        Subtotal now
                      </th>
                      <th scope="col" className="num">
                        Subtotal after
                      </th>
                      <th scope="col" className="num">
                        After bands now
                      </th>
                      <th scope="col" className="num">
                        After bands then
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.carts.map((cart) => (
                      <tr key={cart.cartId}>
                        <td>{cart.cartId.slice(0, 18)}</td>
                        <td className="num">{cart.quantity}</td>
                        <td className="num">{usd(cart.subtotalBeforeUsdCents)}</td>
                        <td className="num">{usd(cart.subtotalAfterUsdCents)}</td>
                        <td className="num">{usd(cart.totalBeforeUsdCents)}</td>
                        <td className="num">{usd(cart.totalAfterUsdCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
