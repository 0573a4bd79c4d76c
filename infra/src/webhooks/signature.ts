// The signature every webhook carries, as Stripe does it: `X-PrintShop-Signature: t=<unix
// seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the endpoint's secret>`. The timestamp
// is signed too, so a receiver can refuse replays older than a few minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-PrintShop-Signature';

export const signPayload = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/** What a receiver does: true when some v1 matches and t is within `toleranceSeconds` of now. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, body, t).split('v1=')[1]!, 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
