// The mobile menu (spec 1 §2): it opens as a modal with focus inside, lists the cart beside the
// menus, and Close Menu hands focus back to its button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { MobileMenu } from './mobile-menu';

describe('MobileMenu', () => {
  it('lists the cart, takes focus, and gives it back when closed', async () => {
    const user = userEvent.setup();
    renderApp(<MobileMenu />);
    const trigger = screen.getByRole('button', { name: 'Open Menu' });
    await user.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(within(menu).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    await user.click(within(menu).getByRole('button', { name: 'Close Menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
