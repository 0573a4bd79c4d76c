// Token validity around a password change, in the whole seconds tokens carry.
import { describe, expect, it } from 'vitest';
import { tokenIssueTime, tokensValidFrom } from './session';

describe('sessions after a password change', () => {
  it('given no change, then tokens are stamped with the clock', () => {
    const now = new Date('2025-03-01T10:00:00.400Z');
    expect(tokensValidFrom(undefined)).toBeUndefined();
    expect(tokenIssueTime(now, undefined)).toEqual(now);
  });

  it('given a change, then tokens of its whole second are invalid and new ones start after it', () => {
    const changedAt = '2025-03-01T10:00:00.400Z';
    const validFrom = tokensValidFrom(changedAt)!;
    expect(validFrom.toISOString()).toBe('2025-03-01T10:00:01.000Z');
    // a token issued in the same second, just after the change, is stamped with the next second
    const issued = tokenIssueTime(new Date('2025-03-01T10:00:00.900Z'), changedAt);
    expect(Math.floor(issued.getTime() / 1000)).toBeGreaterThanOrEqual(validFrom.getTime() / 1000);
    // one issued in the same second before the change is not
    expect(Math.floor(new Date('2025-03-01T10:00:00.100Z').getTime() / 1000)).toBeLessThan(
      validFrom.getTime() / 1000,
    );
  });

  it('given a change long ago, then tokens are stamped with the clock', () => {
    const now = new Date('2025-03-02T10:00:00.000Z');
    expect(tokenIssueTime(now, '2025-03-01T10:00:00.400Z')).toEqual(now);
  });
});
