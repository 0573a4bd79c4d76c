// react-router's useBlocker, for the app's HistoryRouter: while `shouldBlock` says so, a
// navigation is held and the blocker is 'blocked' until proceed() or reset().
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Blocker, BlockerFunction } from 'react-router';
import { useAppHistory } from './history-router';

export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useAppHistory();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.block((args) => latest.current(args)), [history]);
  const blocker = () => history.blocker;
  // The same on the server (prerendered pages) as in the browser: nothing blocks before a visit.
  return useSyncExternalStore(history.subscribeBlocker, blocker, blocker);
}
