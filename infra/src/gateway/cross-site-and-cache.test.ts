// The whole shop over HTTP: what a cross-site form can send (form-encoded, multipart, text/plain
// bodies) is refused with 415 before any route runs, uploads excepted; answers that depend on the
// caller are never cached (no-store) while the public catalog keeps its caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CACHE_CONTROL } from '@printshop/query-service/catalog/catalog-routes';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { pngBytes } from '@printshop/test/cart/support';

const ADMIN_EMAIL = 'edge-admin@example.com';
const PASSWORD = 'EdgePass123';

let app: TestApp;
let userToken: string;
let adminToken: string;

async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: RequestInit['body'] } = {},
) {
  const response = await fetch(`${app.url}${path}`, { method, ...init });
  const text = await response.text();
  const json =
    (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: response.status, body: json, headers: response.headers };
}

const jsonBody = (body: unknown, token?: string) => ({
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  app = await startTestApp({ label: 'edge', env: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });
  const user = { email: 'edge-user@example.com', password: PASSWORD, firstName: 'Edge', lastName: 'User' };
  userToken = (await call('POST', '/api/auth/register', jsonBody(user))).body.token;
  adminToken = (await call('POST', '/api/auth/login', jsonBody({ email: ADMIN_EMAIL, password: PASSWORD })))
    .body.token;
});
afterAll(async () => {
  await app?.stop();
});

describe('cross-site bodies', () => {
  const contact = { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'Hello there' };
  const crossSiteBodies: Array<[string, { headers: Record<string, string>; body: RequestInit['body'] }]> = [
    [
      'form-encoded',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(contact).toString(),
      },
    ],
    ['text/plain', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(contact) }],
    ['no content type', { headers: {}, body: new TextEncoder().encode(JSON.stringify(contact)) }],
  ];

  it.each(crossSiteBodies)(
    'given a %s body, when posted to a JSON call, then it is refused with 415 and the JSON error, and nothing is done',
    async (_, request) => {
      const answer = await call('POST', '/api/contact', request);
      expect(answer.status).toBe(415);
      expect(errorResponseSchema.parse(answer.body)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(answer.body.message).toMatch(/JSON/);
      const sent = await app
        .db('es_events')
        .where({ type: 'ContactMessageReceived' })
        .count<[{ count: string }]>('* as count');
      expect(Number(sent[0]!.count)).toBe(0);
    },
  );

  it('given a multipart body, when sent to a JSON call, then it is refused with 415', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(contact)) form.append(name, value);
    expect((await call('POST', '/api/contact', { body: form })).status).toBe(415);
    const quantity = new FormData();
    quantity.append('quantity', '0');
    expect(
      (await call('PUT', '/api/cart/item/0c4e2a1d-5f3b-4c1e-9a7d-2b8f6e4d1c3a', { body: quantity })).status,
    ).toBe(415);
  });

  it('given the upload calls, when sent multipart, then they still take it', async () => {
    const form = new FormData();
    form.append('image', new Blob([await pngBytes(3)], { type: 'image/png' }), 'photo.png');
    const answer = await call('POST', '/api/images/single', { body: form });
    expect(answer.status).toBe(201);
  });

  it('given JSON with a charset or a +json type, or no body at all, then the calls take them', async () => {
    const withCharset = await call('POST', '/api/contact', {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(contact),
    });
    expect(withCharset.status).toBe(201);
    const plusJson = await call('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
    });
    expect(plusJson.status).toBe(200);
    expect((await call('POST', '/api/auth/logout')).status).toBe(200);
  });
});

describe('caching', () => {
  it('given answers that depend on the caller, then each carries Cache-Control: no-store', async () => {
    const image = new FormData();
    image.append('image', new Blob([await pngBytes(4)], { type: 'image/png' }), 'photo.png');
    const answers = {
      'guest cart': await call('GET', '/api/cart'),
      'add to cart (refused)': await call('POST', '/api/cart/item', jsonBody({})),
      upload: await call('POST', '/api/images/single', { body: image }),
      account: await call('GET', '/api/auth/me', bearer(userToken)),
      addresses: await call('GET', '/api/addresses', bearer(userToken)),
      orders: await call('GET', '/api/orders', bearer(userToken)),
      loyalty: await call('GET', '/api/loyalty/status', bearer(userToken)),
      checkout: await call(
        'POST',
        '/api/checkout/start',
        jsonBody({ currency: 'USD', country: 'US' }, userToken),
      ),
      'admin dashboard': await call('GET', '/api/admin/dashboard', bearer(adminToken)),
      'admin users': await call('GET', '/api/admin/users', bearer(adminToken)),
      'not signed in': await call('GET', '/api/auth/me'),
      'unknown call': await call('GET', '/api/nothing-here'),
    };
    const cacheControl = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, answer.headers.get('cache-control')]),
    );
    expect(cacheControl).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 'no-store'])));
  });

  it('given the public catalog, then its answers keep their caching', async () => {
    for (const path of ['/api/products', '/api/settings', '/api/search?q=print']) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(CATALOG_CACHE_CONTROL);
    }
    const form = new FormData();
    form.append('image', new Blob([await pngBytes(5)], { type: 'image/png' }), 'photo.png');
    const { id } = (await call('POST', '/api/images/single', { body: form })).body.image;
    const served = await call('GET', `/images/${id}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
