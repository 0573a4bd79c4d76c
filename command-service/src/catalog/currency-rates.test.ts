// Currency rates as settings: the spec's table is the seed, an admin's change is one dated
// CurrencyRateChanged with the rate before and after, and bad rates are refused with a clear message.
import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import type { CatalogEvent } from '@printshop/shared-events/events/catalog';
import { ValidationError } from '@printshop/shared-events/errors';
import { seedCatalogEvents } from '@printshop/shared-events/rules/catalog-seed';
import { evolveCatalogView, ratesOf } from '@printshop/shared-events/rules/catalog-view';
import { convertFromUsd } from '@printshop/shared-events/rules/money';
import { CATALOG_MESSAGES, catalogDecider, decideCatalog } from './decide';

const at = '2026-03-01T10:00:00.000Z';
const by = 'admin:a1';
const seeded = () => fold(catalogDecider, seedCatalogEvents('2026-01-01T00:00:00.000Z'));
const setRates = (currencyRates: Record<string, unknown>, state = seeded()) =>
  decideCatalog({ type: 'EditSettings', data: { currencyRates, by, at } }, state);

const refusal = (currencyRates: Record<string, unknown>) => {
  try {
    setRates(currencyRates);
  } catch (error) {
    return error;
  }
  throw new Error('expected the rates to be refused');
};

describe('currency rates as settings', () => {
  it('given a new shop, then its rates are the spec table (EUR 0.92, USD 1)', () => {
    expect(seeded().settings?.currencyRates).toMatchObject({ USD: 1, EUR: 0.92, JPY: 149, INR: 83.2 });
  });

  it('given EUR at 0.92, when set to 0.93, then CurrencyRateChanged carries before, after, who and when', () => {
    expect(setRates({ EUR: 0.93 })).toEqual<CatalogEvent[]>([
      { type: 'CurrencyRateChanged', data: { code: 'EUR', rate: 0.93, previous: 0.92, by, at } },
    ]);
  });

  it('given EUR changed to 0.93, then the view converts 10 USD to 9.30 EUR (9.20 before)', () => {
    const before = seeded();
    const after = setRates({ eur: 0.93 }).reduce(evolveCatalogView, before);
    expect(convertFromUsd(1000, 'EUR', ratesOf(before))).toBe(920);
    expect(convertFromUsd(1000, 'EUR', ratesOf(after))).toBe(930);
    expect(after.settings?.currencyRates.GBP).toBe(0.79);
  });

  it('given the same rate, or USD at 1, then nothing is recorded', () => {
    expect(setRates({ EUR: 0.92, USD: 1 })).toEqual([]);
  });

  it.each([
    [{ EUR: 0 }, CATALOG_MESSAGES.rate('EUR')],
    [{ EUR: -1 }, CATALOG_MESSAGES.rate('EUR')],
    [{ EUR: '0.93' }, CATALOG_MESSAGES.rate('EUR')],
    [{ EUR: null }, CATALOG_MESSAGES.rate('EUR')],
    [{ XYZ: 2 }, CATALOG_MESSAGES.unknownCurrency('XYZ')],
    [{ USD: 1.1 }, CATALOG_MESSAGES.usdFixed],
    [{ KRW: 5_000_000 }, CATALOG_MESSAGES.rateTooHigh('KRW')],
  ])('given %j, then it is refused: %s', (rates, message) => {
    const error = refusal(rates);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(message);
  });
});
