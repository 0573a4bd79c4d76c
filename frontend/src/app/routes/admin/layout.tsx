// The admin area's frame (spec 1 §2): a sidebar with a Back to Site link that collapses on mobile.
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { PageMeta } from '../../../components/page-meta';

const SECTIONS = [
  ['/admin', 'Dashboard'],
  ['/admin/users', 'Users'],
  ['/admin/orders', 'Orders'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/reports/sales', 'Sales Report'],
  ['/admin/webhooks', 'Webhooks'],
  ['/admin/abandoned-checkouts', 'Abandoned Carts'],
] as const;

export function Component() {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-layout">
      <PageMeta title="Admin" />
      <button
        type="button"
        className="admin-layout__toggle"
        aria-expanded={open}
        aria-controls="admin-sidebar"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide admin menu' : 'Admin menu'}
      </button>
      <nav
        id="admin-sidebar"
        aria-label="Admin"
        className={open ? 'admin-layout__nav is-open' : 'admin-layout__nav'}
      >
        {SECTIONS.map(([to, label]) => (
          <NavLink key={to} to={to} end={to === '/admin'} onClick={() => setOpen(false)}>
            {label}
          </NavLink>
        ))}
        <Link to="/">Back to Site</Link>
      </nav>
      <div className="admin-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
