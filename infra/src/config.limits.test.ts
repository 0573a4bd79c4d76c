// The settings of the per-address limits that have one: TRACKING_CALLS_PER_MINUTE,
// PAYMENT_STARTS_PER_HOUR and PROMOTION_CODE_TRIES_PER_HOUR (REGISTRATIONS_PER_IP_PER_HOUR has config.auth.test.ts).
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/printshop-config-limits' };

describe('the per-address limits in the configuration', () => {
  it('given no PROMOTION_CODE_TRIES_PER_HOUR, then 20; given one, then it; given nonsense, then start-up stops naming it', () => {
    expect(loadConfig(base).promotionCodeTriesPerHour).toBe(20);
    expect(loadConfig({ ...base, PROMOTION_CODE_TRIES_PER_HOUR: '3' }).promotionCodeTriesPerHour).toBe(3);
    for (const value of ['0', '-2', 'x'])
      expect(() => loadConfig({ ...base, PROMOTION_CODE_TRIES_PER_HOUR: value })).toThrow(
        /PROMOTION_CODE_TRIES_PER_HOUR/,
      );
  });

  it('given no TRACKING_CALLS_PER_MINUTE, then 600; given one, then it; given nonsense, then start-up stops naming it', () => {
    expect(loadConfig(base).trackingCallsPerMinute).toBe(600);
    expect(loadConfig({ ...base, TRACKING_CALLS_PER_MINUTE: '20' }).trackingCallsPerMinute).toBe(20);
    for (const value of ['0', 'many', '1.5'])
      expect(() => loadConfig({ ...base, TRACKING_CALLS_PER_MINUTE: value })).toThrow(
        /TRACKING_CALLS_PER_MINUTE/,
      );
  });

  it('given no PAYMENT_STARTS_PER_HOUR, then 30; given one, then it; given nonsense, then start-up stops naming it', () => {
    expect(loadConfig(base).paymentStartsPerHour).toBe(30);
    expect(loadConfig({ ...base, PAYMENT_STARTS_PER_HOUR: '5' }).paymentStartsPerHour).toBe(5);
    for (const value of ['0', 'lots'])
      expect(() => loadConfig({ ...base, PAYMENT_STARTS_PER_HOUR: value })).toThrow(
        /PAYMENT_STARTS_PER_HOUR/,
      );
  });
});
