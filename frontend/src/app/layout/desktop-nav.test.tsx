// The desktop menus (spec 1 §2): one dropdown open at a time, closed on route change, keyboard use.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { DesktopNav } from './desktop-nav';

const trigger = (name: string) => screen.getByRole('button', { name });
const panelOf = (name: string) => document.getElementById(trigger(name).getAttribute('aria-controls') ?? '')!;

describe('DesktopNav', () => {
  it('has the Prints, Strips and Posters menus and the plain links', () => {
    renderApp(<DesktopNav />);
    for (const name of ['Prints', 'Strips', 'Posters'])
      expect(trigger(name)).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['Collages', 'Greeting Cards', 'Reviews', 'Contact']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('groups Prints as Photo Prints, Standard Prints and Special Prints', async () => {
    const user = userEvent.setup();
    renderApp(<DesktopNav />);
    await user.click(trigger('Prints'));
    const panel = panelOf('Prints');
    expect(panel).toBeVisible();
    for (const group of ['Photo Prints', 'Standard Prints', 'Special Prints']) {
      expect(screen.getByRole('list', { name: group })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '4x6 Photo Prints' })).toHaveAttribute(
      'href',
      '/product/4x6-photo-prints',
    );
  });

  it('given Prints is open, when Strips opens, then Prints closes', async () => {
    const user = userEvent.setup();
    renderApp(<DesktopNav />);
    await user.click(trigger('Prints'));
    await user.click(trigger('Strips'));
    expect(trigger('Strips')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Prints')).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf('Prints')).not.toBeVisible();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
  });

  it('given a menu is open, when the route changes, then it closes', async () => {
    const user = userEvent.setup();
    const { navigate } = renderApp(<DesktopNav />);
    await user.click(trigger('Posters'));
    expect(trigger('Posters')).toHaveAttribute('aria-expanded', 'true');
    await navigate('/posters');
    expect(trigger('Posters')).toHaveAttribute('aria-expanded', 'false');
  });

  it('given keyboard use, ArrowDown opens and focuses the first link, Escape closes', async () => {
    const user = userEvent.setup();
    renderApp(<DesktopNav />);
    trigger('Strips').focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger('Strips')).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(document.activeElement).toBe(panelOf('Strips').querySelector('a')));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(panelOf('Strips').querySelectorAll('a')[1]);
    await user.keyboard('{Escape}');
    expect(trigger('Strips')).toHaveAttribute('aria-expanded', 'false');
  });

  it('given a menu opened with Enter and Tab into its list, when Escape, then focus is back on its button', async () => {
    const user = userEvent.setup();
    renderApp(<DesktopNav />);
    trigger('Prints').focus();
    await user.keyboard('{Enter}');
    expect(trigger('Prints')).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.tab();
    expect(panelOf('Prints').contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(trigger('Prints')).toHaveAttribute('aria-expanded', 'false');
    // Not left on a link of the hidden list (a browser drops it to <body>).
    expect(document.activeElement).toBe(trigger('Prints'));
  });
});
