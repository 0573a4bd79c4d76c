// The storefront converts with the owner's rates from GET /api/settings, as the server prices.
import { describe, expect, it } from 'vitest';
import { formatUsdCents } from './use-currency';
import { settingsOf } from '@/lib/catalog/live-catalog';

describe('live currency rates', () => {
  it('given settings with EUR at 0.93, when 10 USD is formatted in EUR, then it shows 9.30 (9.20 at the seed rate)', () => {
    const settings = settingsOf({
      freeShippingThresholdUsd: 50,
      currencies: [
        { code: 'USD', ratePerUsd: 1 },
        { code: 'EUR', ratePerUsd: 0.93 },
      ],
      shippingCountries: [],
    });
    expect(settings?.currencyRates.EUR).toBe(0.93);
    expect(settings?.currencyRates.GBP).toBe(0.79);
    expect(formatUsdCents(1000, 'EUR', settings?.currencyRates)).toBe('€9.30');
    expect(formatUsdCents(1000, 'EUR')).toBe('€9.20');
  });
});
