// A modal dialog's focus (WAI-ARIA dialog pattern): when it opens, focus moves into it (its
// [data-autofocus] control, else its first control, else the dialog itself); Tab and Shift+Tab stay
// inside; when it closes, focus goes back to where it was. Returns the dialog's onKeyDown.
// keepTabInside alone serves a modal that places and returns focus itself (the mobile menu).
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex="0"]';

export function useModalFocus(dialog: RefObject<HTMLElement | null>, open = true) {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const box = dialog.current;
    const target = box?.matches('[data-autofocus]')
      ? box
      : (box?.querySelector<HTMLElement>('[data-autofocus]') ??
        box?.querySelector<HTMLElement>(FOCUSABLE) ??
        box);
    if (target && !box?.contains(document.activeElement)) target.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [dialog, open]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (dialog.current) keepTabInside(dialog.current, event);
  };
}

/** Tab and Shift+Tab cycle through `box`'s controls instead of leaving it (a modal's keydown). */
export function keepTabInside(box: HTMLElement, event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
