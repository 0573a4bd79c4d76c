// The account area's frame (login required by the router): a greeting, the section links, and the
// section beneath (each section sets the page title: a second <title> here would win).
import { NavLink } from 'react-router';
import { PageSuspense } from '@/components/page-suspense';
import { displayName, useSession } from '@/lib/session/use-session';
// The page frame's styles (width, padding, heading): this frame uses them without the Page component.
import '@/components/page.css';
import './account.css';

const SECTIONS = [
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/account/change-password', label: 'Change Password' },
];

export function Component() {
  const { user } = useSession();
  return (
    <div className="page page--wide account-layout">
      <header className="page__header">
        <h1 className="page__heading">Your Account</h1>
        {user && <p className="page__intro">Hello, {displayName(user)}.</p>}
      </header>
      <div className="account-layout__body">
        <nav aria-label="Account" className="account-layout__nav">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} className="account-layout__link">
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className="account-layout__content">
          <PageSuspense />
        </div>
      </div>
    </div>
  );
}
