// Reset links: only the server's secret makes a valid one, and any change to it is refused.
import { describe, expect, it } from 'vitest';
import { parseResetToken, resetToken, verifyResetToken } from './reset-token';

const secret = 'a-server-secret-of-at-least-32-characters';
const userId = '0b0e5bde-4d0e-4c1f-9f6a-5b3c1c2d3e4f';
const requestId = '7f1f2a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('reset tokens', () => {
  it('given a token the server made, when verified, then it names its user and request', () => {
    const token = resetToken(secret, userId, requestId);
    expect(token.startsWith(`${userId}.${requestId}.`)).toBe(true);
    expect(verifyResetToken(secret, token)).toEqual({ userId, requestId });
    expect(parseResetToken(token)?.userId).toBe(userId);
  });

  it('is the same token every time (the mail consumer rebuilds it from the event)', () => {
    expect(resetToken(secret, userId, requestId)).toBe(resetToken(secret, userId, requestId));
  });

  it('given another secret, another user or a changed mac, when verified, then it is refused', () => {
    const token = resetToken(secret, userId, requestId);
    expect(verifyResetToken('another-server-secret-of-32-characters!', token)).toBeUndefined();
    const [, , mac] = token.split('.');
    expect(verifyResetToken(secret, `someone-else.${requestId}.${mac}`)).toBeUndefined();
    const flipped = mac!.startsWith('A') ? `B${mac!.slice(1)}` : `A${mac!.slice(1)}`;
    expect(verifyResetToken(secret, `${userId}.${requestId}.${flipped}`)).toBeUndefined();
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'a..c', 'a b.c.d', `${userId}.${requestId}.`])(
    'given the malformed token %j, when parsed, then it is refused',
    (token) => {
      expect(parseResetToken(token)).toBeUndefined();
      expect(verifyResetToken(secret, token)).toBeUndefined();
    },
  );
});
