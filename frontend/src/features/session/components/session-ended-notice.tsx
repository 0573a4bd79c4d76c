// A session the server refused while the shop was open (signed out elsewhere, password changed,
// revoked): the page shows what a guest sees, so it says why, with the way back in to this page.
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { sessionAtom, sessionEndedAtom } from '@/lib/session/session-store';
import './session-ended-notice.css';

/** The gateway's words for a refused token. */
export const SESSION_ENDED = 'Your session has expired. Please sign in again.';

export function SessionEndedNotice() {
  const [ended, setEnded] = useAtom(sessionEndedAtom);
  const signedIn = useAtomValue(sessionAtom) !== null;
  const location = useLocation();
  useEffect(() => {
    if (signedIn && ended) setEnded(false);
  }, [signedIn, ended, setEnded]);
  if (!ended || signedIn) return null;
  return (
    <div className="session-ended" role="status">
      <p>{SESSION_ENDED}</p>
      {location.pathname !== '/login' && (
        <Link to="/login" state={{ from: location }} className="session-ended__sign-in">
          Sign in
        </Link>
      )}
      <button type="button" className="session-ended__close" onClick={() => setEnded(false)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  );
}
