// Report periods as a chart's axis shows them: the API's UTC day, ISO week and month keys.
import { describe, expect, it } from 'vitest';
import { formatPeriod } from './admin-format';

describe('formatPeriod', () => {
  it('given a day, then month and day ("Nov 29"), whatever the viewer’s time zone', () => {
    expect(formatPeriod('2026-11-29')).toBe('Nov 29');
    expect(formatPeriod('2026-01-01')).toBe('Jan 1');
  });
  it('given a month, then month and year', () => {
    expect(formatPeriod('2026-11')).toBe('Nov 2026');
  });
  it('given an ISO week, then its number', () => {
    expect(formatPeriod('2026-W48')).toBe('Week 48');
    expect(formatPeriod('2027-W01')).toBe('Week 1');
  });
  it('given anything else, then it as it is', () => {
    expect(formatPeriod('total')).toBe('total');
  });
});
