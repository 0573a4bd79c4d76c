// The page's two message kinds (spec 2 §2): a red banner the shopper can close, and a green toast
// that goes by itself (the hook times it).
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
  if (!message) return null;
  return (
    <div className="creation-toast" role="status">
      {message}
    </div>
  );
}
