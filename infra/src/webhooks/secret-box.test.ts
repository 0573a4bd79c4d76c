// Sealed webhook secrets: only the same server secret opens them, and an altered one is refused.
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretUnreadable } from './secret-box';

const box = createSecretBox('server-secret-for-the-secret-box-test-0123456789');

describe('secret box', () => {
  it('given a sealed secret, when opened with the same server secret, then it is the secret again', () => {
    const sealed = box.seal('whsec_my-signing-secret');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('my-signing-secret');
    expect(box.open(sealed)).toBe('whsec_my-signing-secret');
  });

  it('given the same secret sealed twice, then the two differ (random IV) and both open', () => {
    const [a, b] = [box.seal('same'), box.seal('same')];
    expect(a).not.toBe(b);
    expect([box.open(a), box.open(b)]).toEqual(['same', 'same']);
  });

  it('given another server secret or an altered value, then opening is refused', () => {
    const sealed = box.seal('whsec_x');
    const other = createSecretBox('another-server-secret-0123456789-abcdefghij');
    expect(() => other.open(sealed)).toThrow(SecretUnreadable);
    expect(() => other.open(sealed)).toThrow(/JWT_SECRET/);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(() => box.open(`v1.${bytes.toString('base64url')}`)).toThrow(SecretUnreadable);
    expect(() => box.open('v2.abc')).toThrow(SecretUnreadable);
    expect(() => box.open('v1.abc')).toThrow(SecretUnreadable);
  });

  it('generates distinct whsec_ secrets', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => box.generate()));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
