// Asked before poor-quality prints go to the cart (a warning before adding poor ones).
import { useId, useRef } from 'react';
import '@/components/creation-modal.css';
import { useModalFocus } from '@/lib/use-modal-focus';

export function PoorQualityDialog({
  count,
  onConfirm,
  onCancel,
}: {
  count: number;
  onConfirm(): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const trapTab = useModalFocus(dialog, count > 0);
  if (count === 0) return null;
  return (
    <div className="creation-modal" role="presentation">
      <div
        ref={dialog}
        className="creation-modal__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          trapTab(event);
        }}
      >
        <h2 id={titleId}>Low print quality</h2>
        <p>
          {count === 1 ? '1 photo has' : `${count} photos have`} low resolution for this size and will likely
          look blurry or pixelated. Add to cart anyway?
        </p>
        <div className="creation-modal__actions">
          <button type="button" className="button button--ghost button--md" onClick={onCancel} data-autofocus>
            Go Back
          </button>
          <button type="button" className="button button--primary button--md" onClick={onConfirm}>
            Add Anyway
          </button>
        </div>
      </div>
    </div>
  );
}
