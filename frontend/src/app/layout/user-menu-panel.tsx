// The signed-in menu's entries (spec 1 §2): Your Account, Your Addresses, Change Password, Sign Out.
import { Link } from 'react-router';
import { useSignOut } from '@/features/session/api/use-sign-out';
import { moveFocus } from '@/lib/use-dismiss';
import { ACCOUNT_LINKS } from './nav-items';

export function UserMenuPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const leave = useSignOut();

  const signOut = async () => {
    onClose();
    await leave();
  };

  return (
    <ul id={id} className="user-menu__panel" onKeyDown={(event) => moveFocus(event, 'a, button')}>
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
  );
}
