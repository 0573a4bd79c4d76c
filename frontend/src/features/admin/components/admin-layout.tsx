// The admin area's frame (spec 1 §2): a top bar of its own (the area's name, the menu button on
// phones, a link back to the shop: no shop header, cart or footer) and a sidebar of the admin
// screens with a Back to Site link; on a phone it folds behind the menu button and closes once a
// screen is chosen.
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { SITE_NAME } from '@/lib/site';
import './admin.css';

export const ADMIN_SECTIONS = [
  ['/admin', 'Dashboard'],
  ['/admin/orders', 'Orders'],
  ['/admin/production', 'Production Queue'],
  ['/admin/users', 'Users'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/reports/sales', 'Sales Reports'],
  ['/admin/promotions', 'Promotions'],
  ['/admin/webhooks', 'Webhooks'],
  ['/admin/abandoned-checkouts', 'Abandoned Carts'],
  ['/admin/catalog', 'Catalog'],
  ['/admin/settings', 'Settings'],
] as const;

export function AdminLayout() {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-shell">
      <PageMeta title="Admin" />
      <header className="admin-topbar">
        <button
          type="button"
          className="admin-layout__toggle"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="admin-layout__burger" aria-hidden="true" />
          <span className="admin-layout__toggle-label">{open ? 'Hide admin menu' : 'Admin menu'}</span>
        </button>
        <Link to="/admin" className="admin-topbar__brand">
          <span className="admin-topbar__site">{SITE_NAME}&nbsp;</span>Admin
        </Link>
        <Link to="/" className="admin-topbar__shop">
          View Shop
        </Link>
      </header>
      <div className="admin-layout">
        <nav
          id="admin-sidebar"
          aria-label="Admin"
          className={open ? 'admin-layout__nav is-open' : 'admin-layout__nav'}
        >
          <p className="admin-layout__title">Admin</p>
          {ADMIN_SECTIONS.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/admin'} onClick={() => setOpen(false)}>
              {label}
            </NavLink>
          ))}
          <Link to="/" className="admin-layout__back">
            ← Back to Site
          </Link>
        </nav>
        <div className="admin-layout__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
