// Desktop search: an icon that opens the search field beneath it, keeping the menu bar uncluttered.
import { useCallback, useEffect, useRef } from 'react';
import { usePageState } from '@/lib/navigation/use-page-state';
import { useDismiss } from '@/lib/use-dismiss';
import { SearchForm } from './search-form';

export function SearchToggle() {
  const [open, setOpen] = usePageState(false, { withQuery: true });
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(root, open, close, trigger);
  useEffect(() => {
    if (open) root.current?.querySelector('input')?.focus();
  }, [open]);
  return (
    <div className="search-toggle" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="search-toggle__button"
        aria-expanded={open}
        aria-controls="search-toggle-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
          />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      {open && (
        <div id="search-toggle-panel" className="search-toggle__panel">
          <SearchForm idPrefix="desktop" />
        </div>
      )}
    </div>
  );
}
