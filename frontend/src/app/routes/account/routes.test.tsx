// The account area's own table (spec 1 §2): /account goes to its orders, and so does an unknown
// account path; the area renders inside the /account/* route of the app's table.
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { Component as AccountArea } from './routes';

const areaAt = (path: string) =>
  renderApp(<></>, { path, routes: [{ path: '/account/*', element: <AccountArea /> }] });

describe('account area routes', () => {
  it.each(['/account', '/account/', '/account/no-such-section'])(
    '%s goes to /account/orders',
    async (path) => {
      const { history } = areaAt(path);
      await waitFor(() => expect(history.location.pathname).toBe('/account/orders'));
    },
  );
});
