import './spinner.css';

/** A spinner with a text for screen readers; `page` centres it in the content area. */
export function Spinner({ label = 'Loading…', page = false }: { label?: string; page?: boolean }) {
  return (
    <div className={page ? 'spinner spinner--page' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
