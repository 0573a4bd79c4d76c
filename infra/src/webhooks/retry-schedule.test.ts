// After each failed try the next waits its backoff; when the list is used up the delivery fails.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_BACKOFF_MS, nextStep } from './retry-schedule';

describe('webhook retry schedule', () => {
  it('given a success on any try, then delivered', () => {
    expect(nextStep(true, 1, [10, 20])).toEqual({ status: 'delivered' });
    expect(nextStep(true, 3, [10, 20])).toEqual({ status: 'delivered' });
  });

  it('given failures, then each waits its backoff and the try after the last wait is the last', () => {
    expect(nextStep(false, 1, [10, 20])).toEqual({ status: 'pending', delayMs: 10 });
    expect(nextStep(false, 2, [10, 20])).toEqual({ status: 'pending', delayMs: 20 });
    expect(nextStep(false, 3, [10, 20])).toEqual({ status: 'failed' });
    expect(nextStep(false, 1, [])).toEqual({ status: 'failed' });
  });

  it('given the default, then the waits grow exponentially', () => {
    for (let i = 1; i < DEFAULT_WEBHOOK_BACKOFF_MS.length; i++) {
      expect(DEFAULT_WEBHOOK_BACKOFF_MS[i]).toBe(2 * DEFAULT_WEBHOOK_BACKOFF_MS[i - 1]!);
    }
  });
});
