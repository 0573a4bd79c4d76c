// The desktop menu bar: one dropdown open at a time, closed on route change, Escape and outside
// clicks (Escape in a list hands focus back to its button); each dropdown opens by click, by hover,
// or by ArrowDown on its button (a click before the app has hydrated opens it once the app runs:
// lib/early-taps.ts).
import { useCallback, useMemo, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useEarlyTap } from '@/lib/early-taps';
import { usePageState } from '@/lib/navigation/use-page-state';
import { moveFocus, useDismiss } from '@/lib/use-dismiss';
import { NAV_LINKS, NAV_MENUS, visibleMenus, type NavMenu } from './nav-items';
import { useIsHidden } from '@/lib/catalog/live-catalog';
import { useProducts } from '@/lib/catalog/get-products';

function Dropdown({
  menu,
  open,
  onOpen,
  onClose,
}: {
  menu: NavMenu;
  open: boolean;
  onOpen: (focusFirst?: boolean) => void;
  onClose: () => void;
}) {
  const panelId = `nav-menu-${menu.id}`;
  // A pointer that hovers in and then clicks means "open", not "open, then close at once".
  const openedByHover = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  // A click on the prerendered button before the app runs opens the menu once it does.
  const earlyTap = useEarlyTap(`nav-${menu.id}`, () => onOpen());
  return (
    <li
      className="nav__item"
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        onOpen();
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        onClose();
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        {...earlyTap}
        onClick={() => {
          if (!open) onOpen();
          else if (openedByHover.current) openedByHover.current = false;
          else onClose();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onOpen(true);
          }
        }}
      >
        {menu.label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <div
        id={panelId}
        className="nav__panel"
        hidden={!open}
        onKeyDown={(event) => {
          // Escape hides the list (useDismiss); focus on one of its links would fall to <body>, so
          // it goes back to the button, as Escape on the button leaves it there.
          if (event.key === 'Escape') button.current?.focus();
          else moveFocus(event, 'a');
        }}
      >
        <div className="nav__groups">
          {menu.groups.map((group) => (
            <div key={group.heading} className="nav__group">
              <p className="nav__group-heading" id={`${panelId}-${group.heading.replace(/\W+/g, '-')}`}>
                {group.heading}
              </p>
              <ul aria-labelledby={`${panelId}-${group.heading.replace(/\W+/g, '-')}`}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="nav__link" data-sku={link.sku}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <Link to={menu.to} className="nav__all">
          Shop all {menu.label.toLowerCase()} →
        </Link>
      </div>
    </li>
  );
}

export function DesktopNav() {
  const [openId, setOpenId] = usePageState<string | null>(null);
  const isHidden = useIsHidden();
  const { data: live } = useProducts();
  const menus = useMemo(() => visibleMenus(NAV_MENUS, isHidden, live), [isHidden, live]);
  const root = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpenId(null), [setOpenId]);
  useDismiss(root, openId !== null, close);

  const open = (id: string, focusFirst = false) => {
    setOpenId(id);
    if (focusFirst) {
      // The panel renders on the next frame; then its first link takes focus.
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`#nav-menu-${id} a`)?.focus());
    }
  };

  return (
    <nav className="nav" aria-label="Main">
      <ul className="nav__list" ref={root}>
        {menus.map((menu) => (
          <Dropdown
            key={menu.id}
            menu={menu}
            open={openId === menu.id}
            onOpen={(focusFirst) => open(menu.id, focusFirst)}
            onClose={close}
          />
        ))}
        {NAV_LINKS.map((link) => (
          <li key={link.to} className="nav__item">
            <NavLink to={link.to} className="nav__trigger">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
