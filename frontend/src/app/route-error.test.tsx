// The route error screen of spec 1 §2, word for word, shown when a page fails, until the visitor
// goes elsewhere.
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('boom');
}

describe('route error screen', () => {
  it('given a page that throws, then the title, text and Return to Home button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but there was an error loading this page. Please try refreshing or contact support if the problem persists.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it('given the error screen, when the visitor goes to another page, then that page shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { navigate } = renderApp(<></>, {
      routes: [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            { path: '/', element: <Broken /> },
            { path: '/fine', element: <h1>Fine page</h1> },
          ],
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await navigate('/fine');
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
