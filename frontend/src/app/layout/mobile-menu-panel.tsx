// The mobile and tablet menu's panel: drill-down sections, Back to Menu and Close Menu (spec 1 §2).
// It is modal: focus starts on its first control and Tab stays inside; Escape closes it. It lists
// the cart too, so a phone's menu reaches every place the header does.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCartCount } from '@/features/cart/use-cart-count';
import { useSignOut } from '@/features/session/api/use-sign-out';
import { displayName, useSession } from '@/lib/session/use-session';
import { ACCOUNT_LINKS, NAV_LINKS, NAV_MENUS, visibleMenus } from './nav-items';
import { useIsHidden } from '@/lib/catalog/live-catalog';
import { useProducts } from '@/lib/catalog/get-products';
import { SearchForm } from './search-form';
import { keepTabInside } from '@/lib/use-modal-focus';

export function MobileMenuPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const [sectionId, setSectionId] = useState<string | null>(null);
  const isHidden = useIsHidden();
  const { data: live } = useProducts();
  const menus = useMemo(() => visibleMenus(NAV_MENUS, isHidden, live), [isHidden, live]);
  const { user } = useSession();
  const signOut = useSignOut();
  const cart = useCartCount();
  const location = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const section = menus.find((m) => m.id === sectionId);

  // Each view starts with focus on its first control, so keyboard users land inside the menu; set
  // as the view is laid out, before paint, so no keystroke or screen reader lands outside it first.
  useLayoutEffect(() => {
    panel.current?.querySelector<HTMLElement>('button, a, input')?.focus();
  }, [sectionId]);

  return (
    <>
      <div className="mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        id={id}
        ref={panel}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label={section ? section.label : 'Menu'}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          keepTabInside(event.currentTarget, event);
        }}
      >
        <div className="mobile-menu__bar">
          {section ? (
            <button type="button" className="mobile-menu__back" onClick={() => setSectionId(null)}>
              ← Back to Menu
            </button>
          ) : (
            <span className="mobile-menu__title">Menu</span>
          )}
          <button type="button" className="mobile-menu__close" onClick={onClose}>
            Close Menu
          </button>
        </div>
        {section ? (
          <div className="mobile-menu__section">
            <h2>{section.label}</h2>
            {section.groups.map((group) => (
              <div key={group.heading}>
                <h3>{group.heading}</h3>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} data-sku={link.sku}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <Link to={section.to} className="mobile-menu__all">
              Shop all {section.label.toLowerCase()} →
            </Link>
          </div>
        ) : (
          <>
            <SearchForm idPrefix="mobile" />
            <ul className="mobile-menu__list">
              {menus.map((menu) => (
                <li key={menu.id}>
                  <button type="button" onClick={() => setSectionId(menu.id)}>
                    {menu.label}
                    <span aria-hidden="true">›</span>
                  </button>
                </li>
              ))}
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              <li>
                <Link to="/cart">
                  Cart
                  {!cart.loading && (
                    <span className="mobile-menu__count">
                      {cart.count} {cart.count === 1 ? 'item' : 'items'}
                    </span>
                  )}
                </Link>
              </li>
            </ul>
            <ul className="mobile-menu__list mobile-menu__list--account">
              {user ? (
                <>
                  <li className="mobile-menu__who">Signed in as {displayName(user)}</li>
                  {ACCOUNT_LINKS.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                  <li>
                    <button type="button" onClick={() => void signOut().then(onClose)}>
                      Sign Out
                    </button>
                  </li>
                </>
              ) : (
                <li>
                  <Link to="/login" state={{ from: location }}>
                    Sign In
                  </Link>
                </li>
              )}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
