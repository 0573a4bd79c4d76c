// Fuzzes every route of the contract (infra/src/openapi/, the gateway's route map, so every call of
// docs/api.md too) on one running shop, as a guest, a signed-in user and an admin: bodies and
// queries shaped by the contract's request schemas with hostile leaves, raw bodies of no shape,
// hostile content types and headers, malformed path ids. Whatever comes in, the answer is never a
// 5xx, and every 4xx carries the JSON error of docs/api.md. FUZZ_SEED=<n> replays a run.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { pngBytes } from '../cart/support';
import { apiCalls, documentedCalls, pathParams, type ApiCall } from './api-calls';
import {
  hostileContentType,
  pathIds,
  queryFrom,
  rawBody,
  oneHostileLeaf,
  HOSTILE_STRINGS,
  type Dictionary,
} from './arbitraries';

const CASES = 5200;
const CONCURRENCY = 6;
const ADMIN_EMAIL = 'fuzz-admin@example.com';
const PASSWORD = 'FuzzPass123';

type Role = 'guest' | 'user' | 'admin';

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | {
      kind: 'multipart';
      fields: Record<string, string>;
      files: Record<string, 'png' | string>;
      fileName: string;
    };

interface Case {
  call: ApiCall;
  role: Role;
  path: string;
  body: Body;
  headers: Record<string, string>;
}

let app: TestApp;
const tokens: Partial<Record<Role, string>> = {};
/** Other sessions of the same user and admin, for the logout cases: a logout revokes its session. */
const logoutTokens: Partial<Record<Role, string>> = {};
const known = { ids: [] as string[] };
let png: Buffer;

async function json(method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  app = await startTestApp({ label: 'fuzz', env: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });
  png = await pngBytes(7);
  tokens.admin = String(
    (await json('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD })).token,
  );
  const user = { email: 'fuzz-user@example.com', password: PASSWORD, firstName: 'Fuzz', lastName: 'User' };
  tokens.user = String((await json('POST', '/api/auth/register', user)).token);
  logoutTokens.admin = String(
    (await json('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD })).token,
  );
  logoutTokens.user = String(
    (await json('POST', '/api/auth/login', { email: user.email, password: PASSWORD })).token,
  );
  // A few real resources, so that some path ids name something that exists.
  const address = await json(
    'POST',
    '/api/addresses',
    {
      fullName: 'Fuzz User',
      phone: '+49 30 1234567',
      line1: 'Street 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    },
    tokens.user,
  );
  const webhook = await json(
    'POST',
    '/api/admin/webhooks',
    { url: 'http://127.0.0.1:9/hook', events: ['order.paid'], secret: 'fuzz-secret-0123456789' },
    tokens.admin,
  );
  for (const answer of [address, webhook]) {
    const id =
      (answer.address as { id?: string })?.id ?? (answer.webhook as { id?: string })?.id ?? answer.id;
    if (typeof id === 'string') known.ids.push(id);
  }
});
afterAll(async () => {
  await app?.stop();
});

/** Plausible values by field name, so that many bodies pass validation and reach the database. */
const dictionary = (): Dictionary => {
  const skus = PRODUCTS.map((product) => product.sku);
  const id = fc.oneof(fc.uuid(), ...(known.ids.length ? [fc.constantFrom(...known.ids)] : []));
  return {
    sku: fc.constantFrom(...skus),
    productSku: fc.constantFrom(...skus),
    product: fc.constantFrom(...skus),
    email: fc.emailAddress(),
    password: fc.constant(PASSWORD),
    newPassword: fc.constant('Another123'),
    confirmPassword: fc.constantFrom('Another123', PASSWORD),
    // Never the user's own: the fuzz must not lock itself out.
    currentPassword: fc.constant('NotThePassword1'),
    country: fc.constantFrom('DE', 'US', 'GB', 'IN', 'JP'),
    postalCode: fc.constantFrom('10115', '94105', 'SW1A 1AA'),
    state: fc.constantFrom('CA', 'NY'),
    phone: fc.constant('+49 30 1234567'),
    url: fc.constant('http://127.0.0.1:9/hook'),
    secret: fc.constant('fuzz-secret-0123456789'),
    croppedImageId: id,
    rawImageId: id,
    imageId: id,
    checkoutId: id,
    orderIds: fc.array(id, { minLength: 1, maxLength: 3 }),
    rating: fc.integer({ min: 1, max: 5 }),
    quantity: fc.integer({ min: 0, max: 3 }),
    testCard: fc.constantFrom('4242424242424242', '4000000000000002'),
  };
};

function caseOf(call: ApiCall, words: Dictionary): fc.Arbitrary<Case> {
  const params = pathParams(call.path);
  const path = fc
    .tuple(...params.map((name) => (name === 'sku' ? fc.oneof(words.sku!, pathIds([])) : pathIds(known.ids))))
    .map((values) =>
      params.reduce((filled, name, i) => filled.replace(`:${name}`, String(values[i])), call.path),
    );
  const query = call.query
    ? oneHostileLeaf(call.query, words).map(queryFrom)
    : fc.option(
        fc
          .constantFrom(...HOSTILE_STRINGS.slice(0, 12))
          .map((value) => new URLSearchParams({ page: value, q: value }).toString()),
        { freq: 4, nil: '' },
      );
  const writes = call.method !== 'GET';
  const body: fc.Arbitrary<Body> = !writes
    ? fc.constant({ kind: 'none' })
    : call.multipart
      ? fc.record<Extract<Body, { kind: 'multipart' }>>({
          kind: fc.constant('multipart' as const),
          fields: fc.record({
            crop: fc.oneof(
              fc.constant('{"x":0,"y":0,"width":10,"height":10}'),
              fc.constantFrom(...HOSTILE_STRINGS),
            ),
            sku: fc.oneof(words.sku! as fc.Arbitrary<string>, fc.constantFrom(...HOSTILE_STRINGS)),
          }),
          files: fc.record({
            image: fc.oneof(fc.constant('png'), fc.string({ unit: 'binary', maxLength: 40 })),
            rawImage: fc.oneof(fc.constant('png'), fc.string({ maxLength: 40 })),
            croppedImage: fc.constant('png'),
          }),
          fileName: fc.oneof(fc.constant('photo.png'), fc.constantFrom(...HOSTILE_STRINGS)),
        })
      : fc.oneof(
          {
            weight: 6,
            arbitrary: (call.body ? oneHostileLeaf(call.body, words) : fc.jsonValue({ maxDepth: 2 })).map(
              (value): Body => ({ kind: 'json', value }),
            ),
          },
          {
            weight: 2,
            arbitrary: rawBody.map((text): Body => ({ kind: 'raw', text, contentType: 'application/json' })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(rawBody, hostileContentType)
              .map(([text, contentType]): Body => ({ kind: 'raw', text, contentType })),
          },
        );
  const headers: fc.Arbitrary<Record<string, string>> = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'x-min-position': 'abc' },
        { 'x-min-position': '-1' },
        { 'x-min-position': '99999999999999999999999' },
        { 'x-min-position': '1e400' },
        { authorization: 'Bearer not.a.token' },
        { authorization: 'Basic Zm9vOmJhcg==' },
        { cookie: 'cart_session=forged; cart_session.sig=forged' },
        { accept: 'text/html' },
      ),
    },
  );
  return fc
    .record({ role: fc.constantFrom<Role>('guest', 'user', 'admin'), path, query, body, headers })
    .map(({ role, path: filled, query: search, body: sent, headers: extra }) => ({
      call,
      role,
      path: search ? `${filled}?${search}` : filled,
      body: sent,
      headers: extra,
    }));
}

function requestOf(test: Case): RequestInit {
  const headers: Record<string, string> = { ...test.headers };
  const logout = test.call.method === 'POST' && test.call.path === '/api/auth/logout';
  const token = (logout ? logoutTokens : tokens)[test.role];
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method: test.call.method, headers };
  const { body } = test;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body.value ?? null);
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    init.body = body.text;
  } else if (body.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
    for (const [name, file] of Object.entries(body.files)) {
      form.append(name, new Blob([file === 'png' ? png : file]), body.fileName);
    }
    init.body = form;
  }
  return init;
}

interface Finding {
  status: number;
  call: string;
  example: string;
  answer: string;
}

async function send(test: Case): Promise<Finding | undefined> {
  const response = await fetch(`${app.url}${test.path}`, requestOf(test));
  const text = await response.text();
  const broken = (why: string): Finding => ({
    status: response.status,
    call: `${test.call.method} ${test.call.path}`,
    example: `${test.role} ${test.call.method} ${test.path.slice(0, 200)} ${JSON.stringify(test.body).slice(0, 300)}`,
    answer: `${why}: ${text.slice(0, 200)}`,
  });
  if (response.status >= 500) return broken('server error');
  if (response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return broken('4xx body is not JSON');
    }
    if (!errorResponseSchema.safeParse(parsed).success) return broken('4xx body is not the error shape');
  }
  return undefined;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('fuzzing every route of the contract', () => {
  it('given hostile bodies, queries and path ids from a guest, a user and an admin, then no answer is a 5xx and every 4xx is the JSON error', async () => {
    const calls = apiCalls();
    expect(calls.length).toBeGreaterThan(60);
    // Every call docs/api.md names is among them.
    const fuzzed = new Set(calls.map((call) => `${call.method} ${call.path}`));
    const documented = documentedCalls().map((call) => `${call.method} ${call.path}`);
    expect(documented.length).toBeGreaterThan(60);
    expect(documented.filter((call) => !fuzzed.has(call))).toEqual([]);
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const words = dictionary();
    const cases = fc.sample(fc.oneof(...calls.map((call) => caseOf(call, words))), { numRuns: CASES, seed });

    const started = Date.now();
    const findings = (await pool(cases, CONCURRENCY, send)).filter((finding) => finding !== undefined);
    const serverErrors = findings.filter((finding) => finding.status >= 500).length;
    console.log(
      `fuzz: ${cases.length} cases, ${serverErrors} server errors, ${findings.length - serverErrors} malformed 4xx ` +
        `(${calls.length} calls, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    // One example of each broken call and status, not thousands of lines.
    const byCall = new Map<string, Finding>();
    for (const finding of findings) byCall.set(`${finding.status} ${finding.call}`, finding);
    expect([...byCall.values()]).toEqual([]);
    // The signed-in cases were signed in to the end (no case revoked the sessions they used).
    expect(
      (await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.user}` } })).status,
    ).toBe(200);
    const dashboard = await fetch(`${app.url}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(dashboard.status).toBe(200);
  }, 180_000);
});
