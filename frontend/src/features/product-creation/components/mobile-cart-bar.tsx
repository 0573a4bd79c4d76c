// The phone's fixed bottom bar (spec 2 §2): shown when images exist and batch crop is off; total,
// discount, the cropped share as a progress bar, and Add to Cart reading 'Crop N more' until every
// image is cropped (then pressing it opens the batch crop instead), and 'Add N more photos' while a
// strip is short of photos, as the summary's button does.
import { formatMoney } from '@printshop/shared-events/rules/money';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { waitingForUploads } from '../use-adding';
import type { ProductCreation } from '../use-product-creation';
import { Price } from '@/components/price';

export function MobileCartBar({ creation }: { creation: ProductCreation }) {
  const { items, summary, currency, uncropped } = creation;
  if (items.length === 0 || creation.batch) return null;
  const cropped = items.length - uncropped;
  const share = Math.round((cropped / items.length) * 100);
  return (
    <div className="mobile-cart-bar" data-testid="mobile-cart-bar">
      <div className="mobile-cart-bar__amounts">
        <strong>
          <Price>{formatMoney(summary.final, currency)}</Price>
        </strong>
        {summary.discount > 0 && (
          <span>
            You save <Price>{formatMoney(summary.discount, currency)}</Price>
          </span>
        )}
      </div>
      <div
        className="mobile-cart-bar__progress"
        role="progressbar"
        aria-label="Photos cropped"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={`${cropped} of ${items.length} cropped`}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <button
        type="button"
        className="button button--primary button--md"
        disabled={creation.busy || (uncropped === 0 && !creation.canAdd)}
        onClick={uncropped > 0 ? creation.startBatch : creation.addToCart}
      >
        {uncropped > 0
          ? UPLOAD_MESSAGES.cropMore(uncropped)
          : creation.waiting
            ? waitingForUploads(creation.uploads)
            : creation.adding
              ? 'Adding to Cart...'
              : creation.missingPhotos > 0
                ? UPLOAD_MESSAGES.addMorePhotos(creation.missingPhotos)
                : 'Add to Cart'}
      </button>
    </div>
  );
}
