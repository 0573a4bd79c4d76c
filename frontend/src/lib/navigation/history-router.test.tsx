// While the next page's code loads, the current page and the address stay and the router says a
// navigation is pending (the layout's spinner); then the page and the address change together. A
// navigation that renders at once is never pending.
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { UNSAFE_createMemoryHistory, useRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppHistory } from './app-history';
import { HistoryRouter, PENDING_AFTER_MS, useNavigationPending } from './history-router';

describe('HistoryRouter', () => {
  it('keeps the current page and address until the next page has loaded', async () => {
    let load = () => {};
    const loaded = new Promise<void>((resolve) => (load = resolve));
    const SlowPage = lazy(async () => {
      await loaded;
      return { default: () => <h1>Slow page</h1> };
    });
    function Shell() {
      const pending = useNavigationPending();
      const page = useRoutes([
        { path: '/', element: <h1>Home</h1> },
        { path: '/slow', element: <SlowPage /> },
      ]);
      return (
        <>
          {pending && <p role="status">Loading page…</p>}
          {page}
        </>
      );
    }
    const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/'] }));
    render(
      <HistoryRouter history={history}>
        <Suspense fallback={null}>
          <Shell />
        </Suspense>
      </HistoryRouter>,
    );

    act(() => history.push('/slow'));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading page…');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');

    await act(async () => load());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/slow');
  });

  it('given a page that renders at once, then no navigation is pending', async () => {
    const seen: boolean[] = [];
    function Shell() {
      seen.push(useNavigationPending());
      return useRoutes([
        { path: '/', element: <h1>Home</h1> },
        { path: '/next', element: <h1>Next</h1> },
      ]);
    }
    const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/'] }));
    render(
      <HistoryRouter history={history}>
        <Shell />
      </HistoryRouter>,
    );
    act(() => history.push('/next?page=2'));
    expect(await screen.findByRole('heading', { name: 'Next' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, PENDING_AFTER_MS * 2)));
    expect(seen).not.toContain(true);
    expect(history.location.search).toBe('?page=2');
  });
});
