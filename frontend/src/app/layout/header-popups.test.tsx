// The header's popups (menus, account menu, search field) against a tap that React answers between
// hydrating a prerendered page and running its effects: on a slow phone the menu flashed open and
// shut, because closing it "on a route change" ran on mount too.
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { setSessionAtom } from '@/lib/session/session-store';
import { testUser } from '@/test/fixtures';
import { renderAndClickBeforeEffects } from '@/test/render';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';
import { SearchToggle } from './search-toggle';
import { UserMenu } from './user-menu';

const signedIn = () => {
  const store = createStore();
  store.set(setSessionAtom, { token: 't', user: testUser });
  return store;
};

describe('header popups', () => {
  it.each<[string, ReactElement, string, ReturnType<typeof createStore>?]>([
    ['a desktop menu', <DesktopNav key="d" />, '.nav__trigger'],
    ['the phone menu', <MobileMenu key="m" />, '.mobile-menu__trigger'],
    ['the search field', <SearchToggle key="s" />, '.search-toggle__button'],
    ['the account menu', <UserMenu key="u" />, '.user-menu__trigger', signedIn()],
  ])(
    'given a click that React answers before the effects of the page run, then %s stays open',
    async (_name, popup, trigger, store) => {
      await renderAndClickBeforeEffects(popup, trigger, { store });
      expect(document.querySelector(trigger)).toHaveAttribute('aria-expanded', 'true');
    },
  );
});
