// The currency and the country to ship to across tabs (spec 1 §4 "Currency choice"): a choice made
// in another tab of the shop shows here without a reload, prices and cart read again, except while a
// payment step holds this tab (it charges what it shows): then once it lets go.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CART_QUERY_ROOT } from '@/lib/cart/get-cart';
import { holdChangesFromElsewhere } from '@/lib/changes-from-elsewhere';
import {
  AUTO_DETECTED_KEY,
  COUNTRY_KEY,
  CURRENCY_CHANGED_EVENT,
  CURRENCY_KEY,
  autoDetectedAtom,
  countryAtom,
  currencyAtom,
} from './currency-store';
import { useCurrencyFromOtherTabs } from './use-currency-from-other-tabs';

/** This tab, its currency and country read from storage, following the other tabs. */
function tab() {
  const store = createStore();
  store.get(currencyAtom);
  store.get(countryAtom);
  const queryClient = new QueryClient();
  const reloads = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
  renderHook(() => useCurrencyFromOtherTabs(), { wrapper });
  return { store, reloads };
}

/** Another tab saves `value` under `key`: the browser tells this one with a `storage` event. */
function savedElsewhere(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  });
}

describe('the currency and country across tabs', () => {
  it('given USD here, when another tab picks EUR, then this tab shows EUR and sends currencyChanged (its prices and carts read again)', () => {
    const { store } = tab();
    const changed = vi.fn();
    window.addEventListener(CURRENCY_CHANGED_EVENT, changed);
    expect(store.get(currencyAtom)).toBe('USD');

    savedElsewhere(AUTO_DETECTED_KEY, null);
    savedElsewhere(CURRENCY_KEY, 'EUR');

    expect(store.get(currencyAtom)).toBe('EUR');
    expect(changed).toHaveBeenCalledTimes(1);
    expect((changed.mock.calls[0]![0] as CustomEvent).detail).toEqual({ currency: 'EUR' });
    window.removeEventListener(CURRENCY_CHANGED_EVENT, changed);
  });

  it('given an auto-detected currency here, when another tab picks one, then it is no longer flagged as detected', () => {
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    localStorage.setItem(AUTO_DETECTED_KEY, 'true');
    const { store } = tab();
    expect(store.get(autoDetectedAtom)).toBe(true);

    savedElsewhere(AUTO_DETECTED_KEY, null);
    savedElsewhere(CURRENCY_KEY, 'GBP');

    expect(store.get(currencyAtom)).toBe('GBP');
    expect(store.get(autoDetectedAtom)).toBe(false);
  });

  it('given the US here, when another tab chooses to ship to Germany, then this tab prices its cart for Germany', () => {
    const { store, reloads } = tab();
    savedElsewhere(COUNTRY_KEY, 'DE');
    expect(store.get(countryAtom)).toBe('DE');
    expect(reloads).toHaveBeenCalledWith({ queryKey: [CART_QUERY_ROOT] });
  });

  it('given a payment step holding this tab, when another tab picks EUR and Germany, then this tab keeps USD and the US until it lets go', () => {
    const { store, reloads } = tab();
    const release = holdChangesFromElsewhere();
    savedElsewhere(CURRENCY_KEY, 'EUR');
    savedElsewhere(COUNTRY_KEY, 'DE');
    expect(store.get(currencyAtom)).toBe('USD');
    expect(store.get(countryAtom)).toBe('US');
    expect(reloads).not.toHaveBeenCalled();

    act(release);

    expect(store.get(currencyAtom)).toBe('EUR');
    expect(store.get(countryAtom)).toBe('DE');
  });

  it('given an unrelated key or a code that is no display currency, then nothing changes here', () => {
    const { store, reloads } = tab();
    savedElsewhere('something_else', 'EUR');
    savedElsewhere(CURRENCY_KEY, 'XYZ');
    savedElsewhere(COUNTRY_KEY, '<script>');
    expect(store.get(currencyAtom)).toBe('USD');
    expect(store.get(countryAtom)).toBe('US');
    expect(reloads).not.toHaveBeenCalled();
  });
});
