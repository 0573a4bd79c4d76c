// Codes tried on a cart (POST /api/cart/promotion-code) are counted per address's network before
// the code is looked at, and refused with 429 over PROMOTION_CODE_TRIES_PER_HOUR, so a script
// cannot try a dictionary of guessable codes.
import { describe, expect, it } from 'vitest';
import { PROMOTION_CODE_TOO_MANY } from '@printshop/shared-events/api/promotions';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { expectTooMany } from '@printshop/test/support/too-many';

let app: TestApp;
appPerFile(
  { label: 'code_tries', env: { PROMOTION_CODE_TRIES_PER_HOUR: '3', TRUST_PROXY: 'true' } },
  (started) => (app = started),
);

async function tryCode(code: string | undefined, ip: string) {
  const response = await fetch(`${app.url}/api/cart/promotion-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(code === undefined ? {} : { code }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('codes tried per address', () => {
  it('given 3 codes tried from one address, an empty one included, when it tries another, then 429 with Retry-After', async () => {
    expect((await tryCode(undefined, '198.51.100.30')).status).toBe(400);
    expect((await tryCode('SUMMER10', '198.51.100.30')).status).toBe(422);
    expect((await tryCode('WINTER10', '198.51.100.30')).status).toBe(422);

    expectTooMany(await tryCode('SPRING10', '198.51.100.30'), 3600, PROMOTION_CODE_TOO_MANY);
    // Another address is judged as usual.
    expect((await tryCode('SPRING10', '198.51.100.31')).status).toBe(422);
  });

  it('given codes tried from fresh addresses of one IPv6 /64, then they share its limit', async () => {
    for (const ip of ['2001:db8:c0de:1::1', '2001:db8:c0de:1::2', '2001:db8:c0de:1::3'])
      expect((await tryCode('AUTUMN10', ip)).status).toBe(422);
    expectTooMany(await tryCode('AUTUMN10', '2001:db8:c0de:1:ffff::4'), 3600);
  });
});
