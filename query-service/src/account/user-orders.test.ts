import { describe, expect, it } from 'vitest';
import { keptUsdCents } from './user-orders';

describe('what an order kept, in USD', () => {
  it('given no refund, then its USD total', () => {
    expect(keptUsdCents({ total: 9200, usdTotal: 10000, refunded: 0 })).toBe(10000);
  });

  it('given a refund in the order currency, then it is taken off at the order own rate', () => {
    // 46.00 EUR of 92.00 EUR paid as 100.00 USD: half of it
    expect(keptUsdCents({ total: 9200, usdTotal: 10000, refunded: 4600 })).toBe(5000);
    expect(keptUsdCents({ total: 9200, usdTotal: 10000, refunded: 9200 })).toBe(0);
    // 1,000 JPY of 14,900 JPY paid as 100.00 USD: 6.71 USD (6.711... rounded)
    expect(keptUsdCents({ total: 14900, usdTotal: 10000, refunded: 1000 })).toBe(10000 - 671);
  });
});
