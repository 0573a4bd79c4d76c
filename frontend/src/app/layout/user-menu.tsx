// The signed-in menu (first name or e-mail, opening its entries: their code is fetched when it
// first opens, or on hover or focus before that), else a Sign In link (spec 1 §2).
import { Suspense, useCallback, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { lazyPart } from '@/lib/lazy-part';
import { usePageState } from '@/lib/navigation/use-page-state';
import { useDismiss } from '@/lib/use-dismiss';
import { useHiddenWhenCramped } from '@/lib/use-hidden-when-cramped';
import { displayName, useSession } from '@/lib/session/use-session';

const Panel = lazyPart(async () => (await import('./user-menu-panel')).UserMenuPanel);
const PANEL_ID = 'user-menu-panel';
/** The least room the name may have, cut short: a few letters and an ellipsis. */
const NAME_MIN_EM = 4.5;

export function UserMenu() {
  const { user } = useSession();
  const location = useLocation();
  const [open, setOpen] = usePageState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Beside the avatar the name shows where the header has room for it, or for a few letters of it
  // and an ellipsis; with less, the avatar is alone ("C…" says nothing).
  const name = useHiddenWhenCramped<HTMLSpanElement>(
    '.header__bar',
    user ? displayName(user) : undefined,
    NAME_MIN_EM,
  );
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(root, open, close, trigger);

  if (!user) {
    return (
      // Signing in brings the visitor back to this page (the cart, a product they were making).
      <Link to="/login" state={{ from: location }} className="header__signin">
        {/* On the narrowest phones the word gives way to a person icon (header.css). */}
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-2a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm-8 12a8 8 0 0 1 16 0h-2a6 6 0 0 0-12 0H4Z"
          />
        </svg>
        <span>Sign In</span>
      </Link>
    );
  }

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onPointerEnter={Panel.preload}
        onFocus={Panel.preload}
        onClick={() => setOpen((o) => !o)}
      >
        {/* The initial is drawn by CSS: the button's visible text stays its name (label in name). */}
        <span
          className="user-menu__avatar"
          aria-hidden="true"
          data-initial={displayName(user).charAt(0).toUpperCase()}
        />
        <span className="user-menu__name" ref={name}>
          {displayName(user)}
        </span>
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel id={PANEL_ID} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
