import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate';

describe('allocate', () => {
  it('given weights, then the parts follow them and add up to the amount exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 0, 7])).toEqual([3, 0, 7]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(7, [])).toEqual([]);
  });

  it('given the largest remainders, then the units left go to them, ties to the earlier part', () => {
    // 10 * [1,2,2]/5 = 2, 4, 4 exactly; 11 -> 2.2, 4.4, 4.4 -> one unit left for the second part
    expect(allocate(11, [1, 2, 2])).toEqual([2, 5, 4]);
  });

  it('given bad input, then it refuses', () => {
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError);
  });

  it('for any amount and weights: exact sum, each part within one unit of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          parts.forEach((part, index) => {
            const share = total === 0 ? amount / weights.length : (amount * weights[index]!) / total;
            expect(Math.abs(part - share)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
