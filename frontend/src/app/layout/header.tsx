// The site header (spec 1 §2): announcement, logo, menus, search, currency, account and cart.
// It compacts after 10 px of scrolling.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CartBadge } from '@/features/cart/components/cart-badge';
import { useCartCount } from '@/features/cart/use-cart-count';
import { CurrencyPicker } from '@/features/currency/components/currency-picker';
import { SITE_NAME } from '@/lib/site';
import { AnnouncementBar } from './announcement-bar';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { SearchToggle } from './search-toggle';
import { UserMenu } from './user-menu';
import './header.css';

export const COMPACT_AFTER_PX = 10;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

/**
 * The header's height as --header-height on the page, and its announcement's as
 * --announcement-height: what sticks below the header (the collage page's top bar, the cart's and
 * checkout's summaries) sits right under it (header.css `--header-offset`), however its announcement
 * wraps or it compacts, and on a short screen, where the announcement scrolls away, under the bar.
 */
function useHeaderHeightVariables() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    const announcement = header?.querySelector<HTMLElement>('.announcement');
    if (!header || !announcement || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${header.offsetHeight}px`);
      root.style.setProperty('--announcement-height', `${announcement.offsetHeight}px`);
    });
    // offsetHeight counts padding and border: observe that box, not the content's.
    observer.observe(header, { box: 'border-box' });
    observer.observe(announcement, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
      root.style.removeProperty('--announcement-height');
    };
  }, []);
  return ref;
}

export function Header() {
  const compact = useScrolledPast(COMPACT_AFTER_PX);
  const cart = useCartCount();
  const ref = useHeaderHeightVariables();
  return (
    <header ref={ref} className={compact ? 'header header--compact' : 'header'}>
      <AnnouncementBar />
      <div className="header__bar">
        <MobileMenu />
        <Link to="/" className="logo" aria-label={`${SITE_NAME} home`}>
          {/* The mark's letter is drawn by CSS, so the visible text is the name alone (label in name). */}
          <span className="logo__mark" aria-hidden="true" />
          <span className="logo__text">{SITE_NAME}</span>
        </Link>
        <DesktopNav />
        <div className="header__actions">
          <div className="header__search">
            <SearchForm idPrefix="header" />
          </div>
          <SearchToggle />
          <CurrencyPicker />
          <UserMenu />
          <CartBadge count={cart.count} loading={cart.loading} />
        </div>
      </div>
    </header>
  );
}
