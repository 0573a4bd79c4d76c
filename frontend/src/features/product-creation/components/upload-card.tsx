// One image of the uploads list: preview, crop state, print quality, quantity, crop and delete.
// While another image is being cropped (or the cart is written) its controls are locked; while its
// own crop uploads it shows the progress and cannot be re-cropped.
import { memo } from 'react';
import type { UploadItem } from '../upload-list-state';
import { PrintQualityBadge } from './print-quality-badge';
import { QuantityInput } from './quantity-input';

export interface UploadCardProps {
  item: UploadItem;
  /** Shown instead of the quantity on strips ('Strip 2 · photo 3'). */
  stripLabel?: string;
  selected: boolean;
  locked: boolean;
  onCrop(id: string): void;
  onDelete(id: string): void;
  onToggle(id: string): void;
  onQuantity(id: string, value: unknown): void;
}

function status(item: UploadItem): string {
  if (item.upload?.state === 'queued') return 'Waiting to upload';
  if (item.upload?.state === 'uploading') return `Uploading ${item.upload.percent}%`;
  if (item.uploading) return 'Uploading…';
  if (item.converting) return 'Converting HEIC…';
  return item.cropped ? 'Cropped' : 'Needs cropping';
}

export const UploadCard = memo(function UploadCard({
  item,
  stripLabel,
  selected,
  locked,
  onCrop,
  onDelete,
  onToggle,
  onQuantity,
}: UploadCardProps) {
  const name = item.file.name;
  const busy = Boolean(item.converting || item.uploading);
  const preview = item.croppedSrc ?? item.thumbnail;
  return (
    <li
      className={`upload-card${item.cropped ? ' upload-card--cropped' : ''}${selected ? ' upload-card--selected' : ''}`}
      data-testid="upload-card"
      data-cropped={item.cropped}
    >
      <label className="upload-card__select">
        <input type="checkbox" checked={selected} onChange={() => onToggle(item.id)} disabled={locked} />
        <span className="visually-hidden">Select {name}</span>
      </label>
      <div className="upload-card__preview">
        {preview ? (
          <img
            src={preview}
            alt={`Preview of ${name}`}
            loading="lazy"
            decoding="async"
            width={160}
            height={160}
          />
        ) : (
          <span className="upload-card__placeholder" aria-label={`Preparing preview of ${name}`} />
        )}
      </div>
      <div className="upload-card__body">
        <p className="upload-card__name" title={name}>
          {name}
        </p>
        <p className={`upload-card__status${item.cropped ? ' is-done' : ''}`}>{status(item)}</p>
        {item.upload?.state === 'uploading' && (
          <progress
            className="upload-card__upload"
            max={100}
            value={item.upload.percent}
            aria-label={`Upload of ${name}`}
          />
        )}
        {stripLabel && <p className="upload-card__strip">{stripLabel}</p>}
        <PrintQualityBadge print={item.print} />
        <div className="upload-card__actions">
          {!stripLabel && (
            <QuantityInput
              value={item.quantity}
              label={`Quantity of ${name}`}
              disabled={locked}
              onChange={(value) => onQuantity(item.id, value)}
            />
          )}
          {/* Busy (converting, uploading) is aria-disabled, not disabled: the closing crop tool gives
              focus back to this button, and a disabled one cannot take it (it fell to the page). */}
          <button
            type="button"
            className="upload-card__button"
            aria-label={`${item.cropped ? 'Re-crop' : 'Crop'} ${name}`}
            disabled={locked}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onCrop(item.id);
            }}
          >
            {item.cropped ? 'Re-crop' : 'Crop'}
          </button>
          <button
            type="button"
            className="upload-card__button upload-card__button--danger"
            aria-label={`Delete ${name}`}
            disabled={locked}
            onClick={() => onDelete(item.id)}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
});
