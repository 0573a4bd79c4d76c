// Sign Out, from the desktop menu or the phone menu, lands on the home page with the session gone.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionAtom, setSessionAtom } from '@/lib/session/session-store';
import { testUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { MobileMenuPanel } from './mobile-menu-panel';
import { UserMenuPanel } from './user-menu-panel';

describe('Sign Out', () => {
  it.each([
    ['the phone menu', <MobileMenuPanel key="m" id="menu" onClose={() => undefined} />],
    ['the account menu', <UserMenuPanel key="u" id="menu" onClose={() => undefined} />],
  ])(
    'given a customer on an account page, when they sign out from %s, then they are on the home page',
    async (_where, panel) => {
      const user = userEvent.setup();
      const { store, history } = renderApp(panel, { path: '/account/orders' });
      act(() => store.set(setSessionAtom, { token: 't', user: testUser }));
      await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
      await waitFor(() => expect(history.location.pathname).toBe('/'));
      await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
    },
  );
});
