// react-router's declarative <Router> over an AppHistory: the app's router without the data
// router's weight (the app uses no loaders or actions). Every location change renders in a
// transition, so the current page stays while the next page's code loads (lazy pages suspend);
// useNavigationPending() tells the layout meanwhile, as the data router's useNavigation did, and
// the address changes when the next page is shown.
import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { Router } from 'react-router';
import type { AppHistory, Update } from './app-history';

const HistoryContext = createContext<AppHistory | null>(null);
const PendingContext = createContext(false);

/**
 * A navigation that renders at once (its page's code is loaded, or only the query changed) is not
 * "pending": the spinner, aria-busy and its status message wait this long before showing.
 */
export const PENDING_AFTER_MS = 100;

function useLasting(flag: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false);
  useEffect(() => {
    setLasted(false);
    if (!flag) return;
    const timer = setTimeout(() => setLasted(true), ms);
    return () => clearTimeout(timer);
  }, [flag, ms]);
  return flag && lasted;
}

export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [transitioning, startTransition] = useTransition();
  const pending = useLasting(transitioning, PENDING_AFTER_MS);
  const [state, setState] = useState<Update>(() => ({
    action: history.action,
    location: history.location,
    delta: null,
  }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  useLayoutEffect(() => history.commit(state), [history, state]);
  return (
    <HistoryContext value={history}>
      <PendingContext value={pending}>
        <Router location={state.location} navigationType={state.action} navigator={history}>
          {children}
        </Router>
      </PendingContext>
    </HistoryContext>
  );
}

/** True while a navigation waits for its page to load. */
export const useNavigationPending = (): boolean => use(PendingContext);

export function useAppHistory(): AppHistory {
  const history = use(HistoryContext);
  if (!history) throw new Error('useAppHistory must be used inside <HistoryRouter>');
  return history;
}
