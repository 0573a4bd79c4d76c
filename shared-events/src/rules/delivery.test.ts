import { describe, expect, it } from 'vitest';
import { arrivesText, deliveryWindow, formatDeliveryWindow } from './delivery';
import { shippingRuleFor } from './shipping';

describe('the delivery window', () => {
  it('given Wednesday 25 Nov 2026 and India (3-7 days), then 1-2 days processing and weekday transit', () => {
    // Processing: Thu 26 (min) / Fri 27 (max). Transit: 3 weekdays from Thu -> Tue 1 Dec;
    // 7 weekdays from Fri -> Tue 8 Dec.
    const window = deliveryWindow(new Date('2026-11-25T10:00:00Z'), shippingRuleFor('IN').estimatedDays);
    expect(window).toEqual({ earliest: '2026-12-01', latest: '2026-12-08' });
    expect(formatDeliveryWindow(window)).toBe('1-8 Dec');
  });

  it('given Saturday, then processing skips Sunday and transit skips the weekend', () => {
    // Sat 28 Nov: processing Mon 30 Nov / Tue 1 Dec; +1 weekday -> Tue 1 Dec; +2 -> Thu 3 Dec.
    expect(deliveryWindow(new Date('2026-11-28T23:59:00Z'), { min: 1, max: 2 })).toEqual({
      earliest: '2026-12-01',
      latest: '2026-12-03',
    });
  });

  it('given the US (10-15 days), then it reads "Arrives 10-18 Dec"; other windows span months or years', () => {
    expect(arrivesText(new Date('2026-11-25T00:00:00Z'), shippingRuleFor('US').estimatedDays)).toBe(
      'Arrives 10-18 Dec',
    );
    expect(formatDeliveryWindow({ earliest: '2026-11-28', latest: '2026-12-05' })).toBe('28 Nov-5 Dec');
    expect(formatDeliveryWindow({ earliest: '2026-12-29', latest: '2027-01-08' })).toBe(
      '29 Dec 2026-8 Jan 2027',
    );
  });

  it('given any day, then the earliest date is never after the latest', () => {
    for (let day = 0; day < 14; day += 1) {
      const today = new Date(Date.UTC(2026, 0, 1 + day));
      const { earliest, latest } = deliveryWindow(today, shippingRuleFor('BR').estimatedDays);
      expect(earliest <= latest).toBe(true);
      expect(earliest > today.toISOString().slice(0, 10)).toBe(true);
    }
  });
});
