// Payment starts (create-payment-intent and create-order together) are counted per address's
// network before anything is checked, and refused with 429 over PAYMENT_STARTS_PER_HOUR: a script
// testing stolen cards cannot have the providers make intents without end.
import { describe, expect, it } from 'vitest';
import { PAYMENT_START_MESSAGES } from '@printshop/shared-events/api/orders';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { expectTooMany } from '@printshop/test/support/too-many';

let app: TestApp;
appPerFile(
  { label: 'payment_limit', env: { PAYMENT_STARTS_PER_HOUR: '2', TRUST_PROXY: 'true' } },
  (started) => (app = started),
);

async function start(path: string, ip: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: '{}',
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}
const STRIPE = '/api/stripe/create-payment-intent';
const RAZORPAY = '/api/payment/create-order';

describe('payment starts per address', () => {
  it('given 2 starts from one address, refused ones and both providers included, when it starts again, then 429 with Retry-After', async () => {
    // Bodies without a checkout are refused (400), after they were counted.
    expect((await start(STRIPE, '198.51.100.20')).status).toBe(400);
    expect((await start(RAZORPAY, '198.51.100.20')).status).toBe(400);

    const refused = await start(STRIPE, '198.51.100.20');

    expectTooMany(refused, 3600, PAYMENT_START_MESSAGES.tooMany);
    expect((await start(RAZORPAY, '198.51.100.20')).status).toBe(429);
    // Another address is checked as usual.
    expect((await start(STRIPE, '198.51.100.21')).status).toBe(400);
  });

  it('given starts from fresh addresses of one IPv6 /64, then they share its limit', async () => {
    expect((await start(STRIPE, '2001:db8:9a:1::1')).status).toBe(400);
    expect((await start(STRIPE, '2001:db8:9a:1::2')).status).toBe(400);
    expect((await start(STRIPE, '2001:db8:9a:1:ffff::3')).status).toBe(429);
  });
});
