// A modal question before an action that cannot be taken back (archive orders, change a role,
// delete a review or a webhook; empty the cart). Focus moves into it (to Cancel, the safe choice), Tab stays
// inside, Escape cancels, and focus returns to where it was when it closes.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useModalFocus } from '@/lib/use-modal-focus';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'danger' for destructive actions. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  error?: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  const trapTab = useModalFocus(dialog, open);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    trapTab(event);
  };

  return (
    <div className="confirm-dialog" role="presentation">
      <div
        ref={dialog}
        className="confirm-dialog__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={textId}>{children}</div>
        {error && <Alert>{error}</Alert>}
        <div className="confirm-dialog__actions">
          <Button data-autofocus variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
