// The app's history, over react-router's own browser history (memory history in tests), with what
// its declarative mode lacks and its data router had:
// - the address changes once the next page has rendered (commit), so the address and the page
//   change together and a page still loading leaves both as they are;
// - a navigation can be held by a blocker (spec 2 §4's Unsaved Changes) until the visitor
//   proceeds or stays: a held push or replace waits; a held back/forward is undone at once and
//   redone on proceed.
import {
  NavigationType,
  parsePath,
  type Blocker,
  type BlockerFunction,
  type Location,
  type To,
  type UNSAFE_createBrowserHistory,
} from 'react-router';

/** react-router's history, created without `v5Compat` (its listener hears only back/forward). */
export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
export type Update = Parameters<Parameters<History['listen']>[0]>[0];

export interface AppHistory extends History {
  /** Writes a rendered push or replace to the underlying history (once; a pop is already there). */
  commit(update: Update): void;
  /** Sets the blocker (one at a time, as in react-router); returns its removal. */
  block(shouldBlock: BlockerFunction): () => void;
  /** The blocker's state: 'blocked' while a navigation waits for proceed() or reset(). */
  readonly blocker: Blocker;
  subscribeBlocker(listener: () => void): () => void;
}

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

export function createAppHistory(base: History): AppHistory {
  let listener: ((update: Update) => void) | null = null;
  /** The location the app was last told of (shown, or rendering). */
  let current = base.location;
  let shouldBlock: BlockerFunction | null = null;
  let blocker = UNBLOCKED;
  const blockerListeners = new Set<() => void>();
  /** A back/forward being undone (its pop is swallowed) or redone on proceed (its pop goes through). */
  let undoing = false;
  let redoing = false;

  const setBlocker = (next: Blocker) => {
    blocker = next;
    for (const notify of blockerListeners) notify();
  };

  const tell = (update: Update) => {
    current = update.location;
    if (blocker.state === 'proceeding') setBlocker(UNBLOCKED);
    listener?.(update);
  };

  /** Whether this navigation is held; when it is, `run` performs it on proceed. */
  function held(nextLocation: Location, historyAction: NavigationType, run: () => void): boolean {
    if (!shouldBlock || blocker.state === 'proceeding') return false;
    if (!shouldBlock({ currentLocation: current, nextLocation, historyAction })) return false;
    setBlocker({
      state: 'blocked',
      location: nextLocation,
      proceed: () => {
        setBlocker({ state: 'proceeding', location: nextLocation, proceed: undefined, reset: undefined });
        run();
      },
      reset: () => setBlocker(UNBLOCKED),
    });
    return true;
  }

  function change(action: NavigationType.Push | NavigationType.Replace, to: To, state: unknown) {
    const path = typeof to === 'string' ? parsePath(to) : to;
    const location: Location = {
      pathname: path.pathname ?? current.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: state ?? null,
      key: Math.random().toString(36).slice(2, 10),
    };
    const run = () => tell({ action, location, delta: action === NavigationType.Push ? 1 : 0 });
    if (!held(location, action, run)) run();
  }

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    go: (delta) => base.go(delta),
    push: (to, state) => change(NavigationType.Push, to, state),
    replace: (to, state) => change(NavigationType.Replace, to, state),
    commit({ action, location }) {
      if (action === NavigationType.Pop || location.key === base.location.key) return;
      if (action === NavigationType.Push) base.push(location, location.state);
      else base.replace(location, location.state);
    },
    listen(next) {
      listener = next;
      // Only back and forward reach here: pushes and replaces are told above, written on commit.
      const stop = base.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        const { delta } = update;
        const redo = () => {
          redoing = true;
          base.go(delta!);
        };
        if (!redoing && delta && held(update.location, NavigationType.Pop, redo)) {
          undoing = true;
          base.go(-delta);
          return;
        }
        redoing = false;
        tell(update);
      });
      return () => {
        stop();
        if (listener === next) listener = null;
      };
    },
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = null;
        setBlocker(UNBLOCKED);
      };
    },
    get blocker() {
      return blocker;
    },
    subscribeBlocker(listener) {
      blockerListeners.add(listener);
      return () => blockerListeners.delete(listener);
    },
  };
}
