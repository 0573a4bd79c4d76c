// Orders looked up by e-mail (tracking by number, a guest's order by id) are counted per address's
// network before anything is read, and refused with 429 over ORDER_LOOKUPS_PER_HOUR: an order shows
// a name, an address and a phone, and a script must not try e-mail addresses without end, signed in
// or not. A signed-in customer reading their own orders is not counted.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_LOOKUP_TOO_MANY } from '@printshop/shared-events/api/orders';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { expectTooMany } from '@printshop/test/support/too-many';

let app: TestApp;
appPerFile(
  { label: 'order_lookups', env: { ORDER_LOOKUPS_PER_HOUR: '3', TRUST_PROXY: 'true' } },
  (started) => (app = started),
);

async function get(path: string, ip: string, token?: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** A new customer's token, registered from `ip`. */
async function registerFrom(ip: string): Promise<string> {
  const registered = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({
      email: `lookups.${randomUUID().slice(0, 8)}@example.com`,
      password: 'Shopper123',
      firstName: 'Asha',
      lastName: 'Rao',
    }),
  });
  return ((await registered.json()) as { token: string }).token;
}

const track = (orderNumber: string, ip: string) =>
  get(`/api/orders/track?orderNumber=${orderNumber}&email=asha@example.com`, ip);

describe('order look-ups per address', () => {
  it('given 3 look-ups from one address (a tracking, a bad one, a guest order), when it looks again, then 429', async () => {
    expect((await track('PS-AAAAAAAA', '198.51.100.40')).status).toBe(404);
    expect((await get('/api/orders/track?orderNumber=PS-AAAAAAAB', '198.51.100.40')).status).toBe(400);
    expect((await get(`/api/orders/${randomUUID()}?email=asha@example.com`, '198.51.100.40')).status).toBe(
      404,
    );

    expectTooMany(await track('PS-AAAAAAAC', '198.51.100.40'), 3600, ORDER_LOOKUP_TOO_MANY);
    expectTooMany(await get(`/api/orders/${randomUUID()}?email=a@example.com`, '198.51.100.40'), 3600);
    // Another address is answered as usual.
    expect((await track('PS-AAAAAAAC', '198.51.100.41')).status).toBe(404);
  });

  it('given a signed-in customer on an address over the limit, then their own order reads are not counted', async () => {
    for (let i = 0; i < 3; i += 1) await track('PS-AAAAAAAD', '198.51.100.42');
    const token = await registerFrom('198.51.100.42');
    expect((await get('/api/orders', '198.51.100.42', token)).status).toBe(200);
    expect((await get(`/api/orders/${randomUUID()}`, '198.51.100.42', token)).status).toBe(404);
  });

  it("given a signed-in stranger guessing a guest order's e-mail, when they go over the limit, then 429", async () => {
    const token = await registerFrom('198.51.100.43');
    const order = randomUUID();
    for (let i = 0; i < 3; i += 1)
      expect(
        (await get(`/api/orders/${order}?email=guess${i}@example.com`, '198.51.100.43', token)).status,
      ).toBe(404);
    expectTooMany(await get(`/api/orders/${order}?email=guess3@example.com`, '198.51.100.43', token), 3600);
  });
});
