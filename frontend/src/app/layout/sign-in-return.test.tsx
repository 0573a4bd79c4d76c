// Sign In from the header or the phone menu comes back to the page it was pressed on.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { returnPath } from '@/features/auth/return-path';
import { renderApp } from '@/test/render';
import { MobileMenuPanel } from './mobile-menu-panel';
import { UserMenu } from './user-menu';

describe('Sign In', () => {
  it.each([
    ['the header', <UserMenu key="h" />],
    ['the phone menu', <MobileMenuPanel key="m" id="menu" onClose={() => undefined} />],
  ])(
    'given a visitor in the cart, when they press Sign In in %s, then signing in returns to the cart',
    async (_where, ui) => {
      const user = userEvent.setup();
      const { history } = renderApp(ui, { path: '/cart?currency=INR' });
      await user.click(await screen.findByRole('link', { name: 'Sign In' }));
      await waitFor(() => expect(history.location.pathname).toBe('/login'));
      expect(returnPath(history.location.state)).toBe('/cart?currency=INR');
    },
  );
});
