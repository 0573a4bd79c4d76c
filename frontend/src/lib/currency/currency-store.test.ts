// Currency choice (spec 1 §4): a saved choice wins; else the detected country's currency with the
// auto-detected flag and notice; else USD.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  AUTO_DETECTED_KEY,
  COUNTRY_KEY,
  CURRENCY_KEY,
  applyDetectionAtom,
  chooseCountryAtom,
  autoDetectedAtom,
  countryAtom,
  currencyAtom,
  detectNoticeAtom,
} from './currency-store';

describe('currency choice', () => {
  it('given nothing saved and no country, then USD in the US without a notice', () => {
    const store = createStore();
    store.set(applyDetectionAtom, null);
    expect(store.get(currencyAtom)).toBe('USD');
    expect(store.get(countryAtom)).toBe('US');
    expect(store.get(detectNoticeAtom)).toBe(false);
  });

  it('given nothing saved and Germany detected, then EUR, flagged, noticed and saved', () => {
    const store = createStore();
    store.set(applyDetectionAtom, 'DE');
    expect(store.get(currencyAtom)).toBe('EUR');
    expect(store.get(countryAtom)).toBe('DE');
    expect(store.get(autoDetectedAtom)).toBe(true);
    expect(store.get(detectNoticeAtom)).toBe(true);
    expect(localStorage.getItem(CURRENCY_KEY)).toBe('EUR');
    expect(localStorage.getItem(AUTO_DETECTED_KEY)).toBe('true');
  });

  it('given a saved choice, then it wins over the detected country', () => {
    localStorage.setItem(CURRENCY_KEY, 'GBP');
    const store = createStore();
    store.set(applyDetectionAtom, 'JP');
    expect(store.get(currencyAtom)).toBe('GBP');
    expect(store.get(countryAtom)).toBe('JP');
    expect(store.get(detectNoticeAtom)).toBe(false);
  });

  it('given a saved code that is not a display currency, then USD', () => {
    localStorage.setItem(CURRENCY_KEY, 'XYZ');
    expect(createStore().get(currencyAtom)).toBe('USD');
  });

  it('given a country using none of the 25 currencies, then USD', () => {
    const store = createStore();
    store.set(applyDetectionAtom, 'BR');
    expect(store.get(currencyAtom)).toBe('USD');
  });
});

describe('country to ship to', () => {
  it('given the US detected, when the shopper chooses India, then the cart is priced for India and the choice is saved', () => {
    const store = createStore();
    store.set(applyDetectionAtom, 'US');
    store.set(chooseCountryAtom, 'IN');
    expect(store.get(countryAtom)).toBe('IN');
    expect(localStorage.getItem(COUNTRY_KEY)).toBe('IN');
  });

  it('given a saved choice, then it wins over the detected country on the next visit, and the currency is left alone', () => {
    localStorage.setItem(COUNTRY_KEY, 'IN');
    const store = createStore();
    store.set(applyDetectionAtom, 'DE');
    expect(store.get(countryAtom)).toBe('IN');
    expect(store.get(currencyAtom)).toBe('EUR');
  });

  it('given a saved value that is not a country code, then the detected country', () => {
    localStorage.setItem(COUNTRY_KEY, 'india');
    const store = createStore();
    store.set(applyDetectionAtom, 'JP');
    expect(store.get(countryAtom)).toBe('JP');
    store.set(chooseCountryAtom, '<script>');
    expect(store.get(countryAtom)).toBe('JP');
  });
});
