// The route error screen of spec 1 §2, word for word, shown when a page fails.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('boom');
}

describe('route error screen', () => {
  it('given a page that throws, then the title, text and Return to Home button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<></>, { routes: [{ path: '/', element: <Broken />, errorElement: <RouteError /> }] });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but there was an error loading this page. Please try refreshing or contact support if the problem persists.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });
});
