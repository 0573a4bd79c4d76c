// The signed-in menu (first name or e-mail; Your Account, Your Addresses, Change Password, Sign
// Out), else a Sign In link (spec 1 §2).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { moveFocus, useDismiss } from '../../lib/use-dismiss';
import { useAuthActions } from '../../features/session/api/use-auth-actions';
import { displayName, useSession } from '../../features/session/use-session';
import { ACCOUNT_LINKS } from './nav-items';

export function UserMenu() {
  const { user } = useSession();
  const { logout } = useAuthActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close, trigger);
  useEffect(() => close(), [pathname, close]);

  if (!user) {
    return (
      <Link to="/login" className="header__signin">
        Sign In
      </Link>
    );
  }

  const signOut = async () => {
    close();
    await logout();
    navigate('/');
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {displayName(user).charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{displayName(user)}</span>
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <ul
          id="user-menu-panel"
          className="user-menu__panel"
          onKeyDown={(event) => moveFocus(event, 'a, button')}
        >
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void signOut()}>
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
