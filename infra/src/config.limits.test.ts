// The settings of the per-address limits that have one (REGISTRATIONS_PER_IP_PER_HOUR has
// config.auth.test.ts): a default, a whole number of at least 1 when set, and start-up stops on
// anything else, naming the variable.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configTestEnv } from './test-support/config-env';

const base = configTestEnv();

describe('the per-address limits in the configuration', () => {
  it.each([
    ['TRACKING_CALLS_PER_MINUTE', 'trackingCallsPerMinute', 600],
    ['CART_WRITES_PER_MINUTE', 'cartWritesPerMinute', 300],
    ['PAYMENT_STARTS_PER_HOUR', 'paymentStartsPerHour', 30],
    ['ORDER_LOOKUPS_PER_HOUR', 'orderLookupsPerHour', 120],
    ['PROMOTION_CODE_TRIES_PER_HOUR', 'promotionCodeTriesPerHour', 20],
  ] as const)('%s: %s is %i by default, the number given, or start-up stops', (variable, key, fallback) => {
    expect(loadConfig(base)[key]).toBe(fallback);
    expect(loadConfig({ ...base, [variable]: '7' })[key]).toBe(7);
    for (const value of ['0', '-2', '1.5', 'many'])
      expect(() => loadConfig({ ...base, [variable]: value })).toThrow(new RegExp(variable));
  });
});
