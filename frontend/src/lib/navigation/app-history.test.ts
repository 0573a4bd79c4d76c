// The app's history: a push or replace reaches the address once committed (the router commits when
// the page has rendered); a blocker holds pushes, replaces and back/forward until proceed() or
// reset(), as react-router's data router does; without one every navigation goes straight through.
import { UNSAFE_createMemoryHistory, type Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppHistory, type Update } from './app-history';

/** A history told to `seen`, committing each update at once (as the router does after rendering). */
function setup(path = '/a', { commit = true } = {}) {
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [path] }));
  const seen: string[] = [];
  const told: Update[] = [];
  history.listen((update) => {
    seen.push(`${update.action} ${update.location.pathname}${update.location.hash}`);
    told.push(update);
    if (commit) history.commit(update);
  });
  return { history, seen, told };
}

const leavingPath = ({
  currentLocation,
  nextLocation,
}: {
  currentLocation: Location;
  nextLocation: Location;
}) => currentLocation.pathname !== nextLocation.pathname;

describe('app history', () => {
  it('given no blocker, then pushes, replaces and pops go through', () => {
    const { history, seen } = setup();
    history.push('/b');
    history.replace('/c');
    history.go(-1);
    expect(seen).toEqual(['PUSH /b', 'REPLACE /c', 'POP /a']);
    expect(history.location.pathname).toBe('/a');
    expect(history.blocker.state).toBe('unblocked');
  });

  it('given a push, then the address changes only when it is committed, and only once', () => {
    const { history, told } = setup('/a', { commit: false });
    history.push('/b?x=1', { from: 'a' });
    expect(history.location.pathname).toBe('/a');
    history.commit(told[0]!);
    history.commit(told[0]!);
    expect(history.location).toMatchObject({ pathname: '/b', search: '?x=1', state: { from: 'a' } });
    history.go(-1);
    expect(history.location.pathname).toBe('/a');
  });

  it('given a blocker, when a push is held, then reset stays and proceed goes on', () => {
    const { history, seen } = setup();
    history.block(leavingPath);
    history.push('/cart?x=1', { from: 'a' });
    expect(seen).toEqual([]);
    expect(history.blocker.state).toBe('blocked');
    expect(history.blocker.location).toMatchObject({
      pathname: '/cart',
      search: '?x=1',
      state: { from: 'a' },
    });

    history.blocker.reset!();
    expect(history.blocker.state).toBe('unblocked');
    expect(history.location.pathname).toBe('/a');

    history.push('/cart');
    history.blocker.proceed!();
    expect(seen).toEqual(['PUSH /cart']);
    expect(history.location.pathname).toBe('/cart');
    expect(history.blocker.state).toBe('unblocked');
  });

  it('given a blocker that lets same-path changes through, then a hash change is not held', () => {
    const { history, seen } = setup();
    history.block(leavingPath);
    history.push('/a#upload');
    expect(seen).toEqual(['PUSH /a#upload']);
  });

  it('given a blocker, when Back is pressed, then it is undone, and redone on proceed', () => {
    const { history, seen } = setup();
    history.push('/b');
    history.block(leavingPath);
    history.go(-1);
    expect(seen).toEqual(['PUSH /b']);
    expect(history.location.pathname).toBe('/b');
    expect(history.blocker).toMatchObject({ state: 'blocked', location: { pathname: '/a' } });

    history.blocker.proceed!();
    expect(seen).toEqual(['PUSH /b', 'POP /a']);
    expect(history.location.pathname).toBe('/a');
    expect(history.blocker.state).toBe('unblocked');
  });

  it('given the blocker is removed, then its held navigation is dropped and the next goes through', () => {
    const { history, seen } = setup();
    const unblock = history.block(leavingPath);
    const states: string[] = [];
    history.subscribeBlocker(() => states.push(history.blocker.state));
    history.push('/b');
    unblock();
    history.push('/c');
    expect(states).toEqual(['blocked', 'unblocked']);
    expect(seen).toEqual(['PUSH /c']);
  });
});
