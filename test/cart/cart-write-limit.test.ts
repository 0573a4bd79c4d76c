// Cart changes (adds, photo strips, quantity changes, removals, points) are counted per address's
// network before anything is read, and refused with 429 over CART_WRITES_PER_MINUTE: a script
// cannot fill the log from as many fresh guest carts as it likes. Reading the cart is not counted.
import { describe, expect, it } from 'vitest';
import { CART_WRITES_TOO_MANY } from '@printshop/shared-events/api/cart';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { expectTooMany } from '@printshop/test/support/too-many';

let app: TestApp;
appPerFile(
  { label: 'cart_writes', env: { CART_WRITES_PER_MINUTE: '3', TRUST_PROXY: 'true' } },
  (started) => (app = started),
);

async function call(method: string, path: string, ip: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('cart changes per address', () => {
  it('given 3 changes from one address, refused ones included, when it changes the cart again, then 429 with Retry-After; reads still answer', async () => {
    const ip = '198.51.100.40';
    expect((await call('POST', '/api/cart/item', ip, {})).status).toBe(400);
    expect((await call('PUT', '/api/cart/item/no-such-line', ip, { quantity: 2 })).status).toBe(404);
    expect((await call('DELETE', '/api/cart/item/no-such-line', ip)).status).toBe(404);

    expectTooMany(await call('POST', '/api/cart/photostrips', ip, {}), 60, CART_WRITES_TOO_MANY);
    expectTooMany(await call('POST', '/api/cart/item', ip, {}), 60, CART_WRITES_TOO_MANY);
    expect((await call('GET', '/api/cart?currency=INR&country=IN', ip)).status).toBe(200);
    expect((await call('POST', '/api/cart/item', '198.51.100.41', {})).status).toBe(400);
  });

  it('given changes from fresh addresses of one IPv6 /64, then they share its limit', async () => {
    for (const ip of ['2001:db8:ca:1::1', '2001:db8:ca:1::2', '2001:db8:ca:1::3'])
      expect((await call('POST', '/api/cart/item', ip, {})).status).toBe(400);
    expectTooMany(await call('POST', '/api/cart/item', '2001:db8:ca:1:abcd::9', {}), 60);
  });
});
