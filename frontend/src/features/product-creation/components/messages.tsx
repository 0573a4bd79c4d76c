// The page's two message kinds (spec 2 §2): a red banner the shopper can close, and a green toast
// that goes by itself (the hook times it). The toast sits in the page's flow beside the Add to Cart
// it answers, so it never lies over a control; when it appears out of view (the phone's
// bar was pressed, then the list emptied) it is brought into view.
import { useEffect, useRef } from 'react';

/** The fixed chrome a toast must clear: the sticky header above, the phone's bar and buttons below. */
const CLEAR_TOP_PX = 96;
const CLEAR_BOTTOM_PX = 176;
export function ErrorBanner({ message, onDismiss }: { message: string | null; onDismiss(): void }) {
  if (!message) return null;
  return (
    <div className="creation-banner" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="creation-banner__close"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

export function SuccessToast({ message }: { message: string | null }) {
  const toast = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = toast.current;
    if (!message || !element || typeof window === 'undefined') return;
    const box = element.getBoundingClientRect();
    if (box.top < CLEAR_TOP_PX || box.bottom > window.innerHeight - CLEAR_BOTTOM_PX)
      element.scrollIntoView?.({ block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={toast} className="creation-toast" role="status">
      {message}
    </div>
  );
}
