// The signature header, checked against an HMAC computed here by hand, and a receiver's check.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature';

const secret = 'whsec_test';
const body = '{"id":"e1","type":"order.paid","createdAt":"2025-03-01T10:00:00.000Z","data":{}}';

describe('webhook signature', () => {
  it('given a body and a time, then t and v1 = hex HMAC-SHA256 of "<t>.<body>"', () => {
    const expected = createHmac('sha256', secret).update(`1740823200.${body}`).digest('hex');
    expect(signPayload(secret, body, 1740823200)).toBe(`t=1740823200,v1=${expected}`);
  });

  it('given a signed body, then it verifies within the tolerance and not with another secret, body or time', () => {
    const header = signPayload(secret, body, 1000);
    expect(verifySignature(secret, body, header, 1100)).toBe(true);
    expect(verifySignature('whsec_other', body, header, 1100)).toBe(false);
    expect(verifySignature(secret, `${body} `, header, 1100)).toBe(false);
    expect(verifySignature(secret, body, header, 1000 + 301)).toBe(false);
    expect(verifySignature(secret, body, header.replace('t=1000', 't=1001'), 1100)).toBe(false);
    expect(verifySignature(secret, body, 'garbage', 1100)).toBe(false);
  });
});
