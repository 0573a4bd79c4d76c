// The collage as it will print, before ordering. Mask builds show a PREVIEW watermark here only.
import { useRef } from 'react';
import { useModalFocus } from '@/lib/use-modal-focus';
import { Button } from '@/components/button';
import { useObjectUrl } from '../use-object-url';

export function PreviewDialog({
  blob,
  watermarked,
  onClose,
}: {
  blob: Blob;
  watermarked: boolean;
  onClose(): void;
}) {
  const url = useObjectUrl(blob);
  const panel = useRef<HTMLDivElement>(null);
  const trapTab = useModalFocus(panel);
  return (
    <div className="collage-modal" role="presentation" onClick={onClose}>
      <div
        ref={panel}
        className="collage-modal__panel preview-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="preview-dialog-title"
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          trapTab(event);
        }}
      >
        <h2 id="preview-dialog-title">Collage Preview</h2>
        {url && <img src={url} alt="Collage preview" />}
        {watermarked && <p className="preview-dialog__note">The PREVIEW watermark is not printed.</p>}
        <div className="collage-modal__actions">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    </div>
  );
}
