import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './plural';

describe('countOf', () => {
  it.each([
    [0, '0 points'],
    [1, '1 point'],
    [2, '2 points'],
    [1500, '1,500 points'],
  ])('given %i, then "%s"', (count, text) => {
    expect(countOf(count, 'point', 'points')).toBe(text);
  });

  it('given a count, then pluralOf picks the form English uses for it, without the number', () => {
    expect(pluralOf(1, 'file', 'files')).toBe('file');
    expect(pluralOf(3, 'file', 'files')).toBe('files');
  });
});
