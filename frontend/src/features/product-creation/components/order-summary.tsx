// The order summary (spec 2 §9): total, the quantity band's discount and the final amount in the
// chosen currency, the "add N more to save" nudge, and Add to Cart — enabled only when every image is
// cropped and nothing is uploading or being added.
import { formatRate } from '@printshop/shared-events/rules/discounts';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { waitingForUploads } from '../use-adding';
import { SuccessToast } from './messages';
import type { ProductCreation } from '../use-product-creation';
import { Price } from '@/components/price';

export function addMoreToSave(itemsNeeded: number, rateBps: number, unit: string): string {
  return `Add ${itemsNeeded} more ${itemsNeeded === 1 ? unit : `${unit}s`} to save ${formatRate(rateBps)}`;
}

export function OrderSummary({ creation }: { creation: ProductCreation }) {
  const { summary, nudge, currency, product, items } = creation;
  const money = (minor: number) => <Price>{formatMoney(minor, currency)}</Price>;
  const unit = product.unit;
  const disabled = creation.busy || (items.length > 0 && !creation.canAdd);
  let label = 'Add to Cart';
  if (creation.waiting) label = waitingForUploads(creation.uploads);
  else if (creation.adding) label = 'Adding to Cart...';
  else if (creation.uncropped > 0) label = UPLOAD_MESSAGES.cropMore(creation.uncropped);
  else if (creation.missingPhotos > 0) label = UPLOAD_MESSAGES.addMorePhotos(creation.missingPhotos);

  return (
    <section className="order-summary" aria-labelledby="order-summary-heading" id="order-summary">
      <h2 id="order-summary-heading">Order Summary</h2>
      <dl>
        <div>
          <dt>
            {summary.totalQuantity} {summary.totalQuantity === 1 ? unit : `${unit}s`} ×{' '}
            {money(creation.unitMinor)}
          </dt>
          <dd data-testid="summary-subtotal">{money(summary.total)}</dd>
        </div>
        <div className="order-summary__discount">
          <dt>Bulk discount{summary.rateBps > 0 ? ` (${formatRate(summary.rateBps)})` : ''}</dt>
          <dd data-testid="summary-discount">
            {summary.discount > 0 ? <>−{money(summary.discount)}</> : money(0)}
          </dd>
        </div>
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{money(summary.final)}</dd>
        </div>
      </dl>
      {nudge && summary.totalQuantity > 0 && (
        <p className="order-summary__nudge">{addMoreToSave(nudge.itemsNeeded, nudge.rateBps, unit)}</p>
      )}
      {creation.slots > 1 && (
        <p className="order-summary__note">
          Each strip holds {creation.slots} photos, placed in the order of your list.
        </p>
      )}
      {creation.uploads > 0 && !creation.waiting && (
        <p className="order-summary__note" aria-live="polite">
          {creation.uploads} photo{creation.uploads === 1 ? '' : 's'} still uploading: Add to Cart waits for{' '}
          {creation.uploads === 1 ? 'it' : 'them'}.
        </p>
      )}
      <SuccessToast message={creation.toast} />
      <button
        type="button"
        className="button button--primary button--lg order-summary__add"
        disabled={disabled}
        aria-busy={creation.busy || undefined}
        onClick={creation.addToCart}
      >
        {label}
      </button>
    </section>
  );
}
