// The currency picker (spec 1 §2, §4): search by code or name in any case, the empty message,
// and a manual choice that is saved, clears the auto-detected flag and broadcasts currencyChanged.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import {
  AUTO_DETECTED_KEY,
  CURRENCY_CHANGED_EVENT,
  CURRENCY_KEY,
  currencyAtom,
} from '@/lib/currency/currency-store';
import { CurrencyPicker } from './currency-picker';

const options = () =>
  within(screen.getByRole('list', { name: 'Currencies' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('.currency-picker__code')?.textContent);

async function openPicker() {
  const user = userEvent.setup();
  renderApp(<CurrencyPicker />);
  await user.click(screen.getByRole('button', { name: /Change currency/ }));
  // The panel's code loads when it first opens.
  await screen.findByRole('dialog', { name: 'Choose a currency' });
  return user;
}

describe('CurrencyPicker', () => {
  it('given it opens, then the 25 currencies show with the popular ones first', async () => {
    await openPicker();
    const codes = options();
    expect(codes).toHaveLength(25);
    expect(codes.slice(0, 4)).toEqual(['USD', 'EUR', 'GBP', 'CAD']);
  });

  it('given a lower-case code, then it matches the code', async () => {
    const user = await openPicker();
    await user.type(screen.getByLabelText('Search currencies'), 'jpy');
    expect(options()).toEqual(['JPY']);
  });

  it('given part of a name in mixed case, then it matches names', async () => {
    const user = await openPicker();
    await user.type(screen.getByLabelText('Search currencies'), 'DoLLaR');
    expect(options()).toEqual(['USD', 'CAD', 'AUD', 'SGD', 'HKD', 'NZD']);
  });

  it('given a query nothing matches, then No currencies found for "{query}"', async () => {
    const user = await openPicker();
    await user.type(screen.getByLabelText('Search currencies'), 'zzz');
    expect(screen.queryByRole('list', { name: 'Currencies' })).not.toBeInTheDocument();
    expect(screen.getByText('No currencies found for "zzz"')).toBeInTheDocument();
  });

  it('given a choice, then it is saved, the flag cleared, currencyChanged sent and the picker closed', async () => {
    localStorage.setItem(AUTO_DETECTED_KEY, 'true');
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(CURRENCY_CHANGED_EVENT, listener);
    const user = userEvent.setup();
    const { store } = renderApp(<CurrencyPicker />);
    await user.click(screen.getByRole('button', { name: /Change currency/ }));
    await user.click(await screen.findByRole('button', { name: /EUR/ }));
    window.removeEventListener(CURRENCY_CHANGED_EVENT, listener);

    expect(store.get(currencyAtom)).toBe('EUR');
    expect(localStorage.getItem(CURRENCY_KEY)).toBe('EUR');
    expect(localStorage.getItem(AUTO_DETECTED_KEY)).toBeNull();
    expect(events).toEqual([{ currency: 'EUR' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^EUR, Euro/ })).toHaveFocus();
  });

  describe('given the list scrolls (jsdom has no layout: 36 px options in a 288 px list)', () => {
    const OPTION_HEIGHT = 36;
    const LIST_HEIGHT = 288;
    const index = (element: HTMLElement) => {
      const item = element.closest('li');
      return item ? [...item.parentElement!.children].indexOf(item) : 0;
    };
    const layout = () => {
      vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
        return this.matches('.currency-picker__option') ? index(this) * OPTION_HEIGHT : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return this.matches('.currency-picker__option') ? OPTION_HEIGHT : 0;
      });
      vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
        return this.matches('.currency-picker__list') ? LIST_HEIGHT : 0;
      });
    };
    afterEach(() => vi.restoreAllMocks());

    it('given the chosen currency is last, then on opening the list scrolls just enough to show it', async () => {
      layout();
      const user = userEvent.setup();
      const { store } = renderApp(<CurrencyPicker />);
      store.set(currencyAtom, 'INR');
      await user.click(await screen.findByRole('button', { name: /^INR, .*Change currency/ }));
      const list = await screen.findByRole('list', { name: 'Currencies' });

      expect(options().at(-1)).toBe('INR');
      expect(list.scrollTop).toBe(25 * OPTION_HEIGHT - LIST_HEIGHT);
      // Focus stays where it was: in the search box.
      expect(screen.getByLabelText('Search currencies')).toHaveFocus();
    });

    it('given the chosen currency is already in view, then the list does not scroll', async () => {
      layout();
      await openPicker();
      expect(screen.getByRole('list', { name: 'Currencies' }).scrollTop).toBe(0);
    });
  });

  it('given Escape, then it closes and focus returns to its button', async () => {
    const user = await openPicker();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Change currency/ })).toHaveFocus();
  });
});
