// The mobile and tablet menu (under 1024 px): a button that opens the menu panel (its code is
// fetched when it first opens, or on touch, hover or focus before that). Escape or a route change
// closes it; focus moves into it and back out. A tap on the prerendered button before the app has
// hydrated opens it once the app runs (lib/early-taps.ts). Without JavaScript the button could never
// open anything: the page shows a link to the footer's lists of categories and help pages instead
// (<noscript>, and header.css hides the button).
import { Suspense, useRef } from 'react';
import { useEarlyTap } from '@/lib/early-taps';
import { lazyPart } from '@/lib/lazy-part';
import { usePageState } from '@/lib/navigation/use-page-state';
import { FOOTER_SHOP_ID } from './footer';

const Panel = lazyPart(async () => (await import('./mobile-menu-panel')).MobileMenuPanel);
const PANEL_ID = 'mobile-menu-panel';

export function MobileMenu() {
  const [open, setOpen] = usePageState(false, { withQuery: true });
  const trigger = useRef<HTMLButtonElement>(null);

  const earlyTap = useEarlyTap('menu', () => setOpen(true));

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className="mobile-menu">
      <button
        ref={trigger}
        type="button"
        className="mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        {...earlyTap}
        onPointerEnter={Panel.preload}
        onFocus={Panel.preload}
        onClick={() => setOpen(true)}
      >
        <span className="hamburger" aria-hidden="true" />
        <span className="visually-hidden">Open Menu</span>
      </button>
      <noscript>
        <a href={`#${FOOTER_SHOP_ID}`} className="mobile-menu__trigger">
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </a>
      </noscript>
      {open && (
        <Suspense fallback={null}>
          <Panel id={PANEL_ID} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
