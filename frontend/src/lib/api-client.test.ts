// The response rules of spec 1 §7 and the messages of §8, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NON_JSON_SUCCESS, api, configureApiClient } from './api-client';
import { json, startTestServer, type TestServer } from '../test/http-server';

const ok = z.object({ success: z.literal(true) }).passthrough();
let server: TestServer;
let token: string | null = null;

beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ origin: server.origin, getToken: () => token });
});
afterAll(() => server.close());
beforeEach(() => {
  token = null;
  server.requests.length = 0;
  configureApiClient({ resetPosition: true });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('successful answers', () => {
  it('given a 204, when called, then it is a success', async () => {
    server.on('DELETE /api/thing', { status: 204 });
    await expect(api.delete('/thing', { schema: ok })).resolves.toEqual({ success: true });
  });

  it('given an empty 200 body, then it is a success', async () => {
    server.on('POST /api/empty', { status: 200, body: '' });
    await expect(api.post('/empty', { schema: ok })).resolves.toEqual({ success: true });
  });

  it('given a non-JSON 200 body, then it is a success carrying the text', async () => {
    server.on('GET /api/text', { status: 200, headers: { 'content-type': 'text/plain' }, body: 'done' });
    await expect(api.get('/text', { schema: ok })).resolves.toEqual({ success: true, message: 'done' });
  });

  it('given a non-JSON 200 body of only spaces, then it is a plain success', async () => {
    server.on('GET /api/blank', { status: 200, headers: { 'content-type': 'text/html' }, body: '   ' });
    await expect(api.get('/blank', { schema: ok })).resolves.toEqual({ success: true });
  });

  it('the stock sentence for a non-JSON success is the spec text', () => {
    expect(NON_JSON_SUCCESS).toBe('Operation successful (non-JSON response).');
  });

  it('given JSON, then it is parsed with the schema (defaults applied)', async () => {
    server.on('GET /api/n', json({ success: true, extra: 1 }));
    const schema = z.object({ success: z.literal(true), count: z.number().default(0) });
    await expect(api.get('/n', { schema })).resolves.toEqual({ success: true, count: 0 });
  });
});

describe('failed answers', () => {
  it("given a JSON failure with a message, then the server's message, status and data are carried", async () => {
    const body = { success: false, message: 'Cart is empty', code: 'EMPTY' };
    server.on('GET /api/fail', json(body, 422));
    const error = await failure(api.get('/fail', { schema: ok }));
    expect(error.message).toBe('Cart is empty');
    expect(error.status).toBe(422);
    expect(error.data).toEqual(body);
  });

  it('given a failure with only an error field, then that is the message', async () => {
    server.on('GET /api/err', json({ error: 'Nope' }, 400));
    expect((await failure(api.get('/err', { schema: ok }))).message).toBe('Nope');
  });

  it("given a JSON failure without message or error, then 'HTTP error! Status: …'", async () => {
    server.on('GET /api/bare', json({ success: false }, 503));
    const error = await failure(api.get('/bare', { schema: ok }));
    expect(error.message).toBe('HTTP error! Status: 503');
    expect(error.status).toBe(503);
  });

  it("given a non-JSON failure, then 'HTTP error! Status: …' carrying the text", async () => {
    server.on('GET /api/html', {
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Bad gateway</h1>',
    });
    const error = await failure(api.get('/html', { schema: ok }));
    expect(error.message).toBe('HTTP error! Status: 502');
    expect(error.data).toBe('<h1>Bad gateway</h1>');
  });

  it("given an empty failure body, then 'Empty response body received. Status: …'", async () => {
    server.on('GET /api/void', { status: 500, body: '' });
    const error = await failure(api.get('/void', { schema: ok }));
    expect(error.message).toBe('Empty response body received. Status: 500');
    expect(error.status).toBe(500);
  });

  it("given a body that claims JSON but is not, then 'Failed to parse JSON response. Status: …'", async () => {
    server.on('GET /api/broken', {
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect((await failure(api.get('/broken', { schema: ok }))).message).toBe(
      'Failed to parse JSON response. Status: 400',
    );
    server.on('GET /api/broken-ok', {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect((await failure(api.get('/broken-ok', { schema: ok }))).message).toBe(
      'Failed to parse JSON response. Status: 200',
    );
  });

  it('given an ok answer of the wrong shape, then it is refused', async () => {
    server.on('GET /api/shape', json({ success: true, items: 'not a list' }));
    const schema = z.object({ success: z.literal(true), items: z.array(z.string()) });
    const error = await failure(api.get('/shape', { schema }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('Unexpected response from the server. Status: 200');
  });

  it('given validation errors, then fieldErrors gives them by field', async () => {
    server.on(
      'POST /api/form',
      json({ success: false, message: 'Invalid', code: 'V', errors: { email: 'Bad' } }, 400),
    );
    expect((await failure(api.post('/form', { schema: ok, json: {} }))).fieldErrors).toEqual({
      email: 'Bad',
    });
  });
});

describe('what every call sends', () => {
  it('given no session, then no Authorization header; given one, then the Bearer token', async () => {
    server.on('GET /api/me', json({ success: true }));
    await api.get('/me', { schema: ok });
    token = 'abc.def';
    await api.get('/me', { schema: ok });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBe('Bearer abc.def');
  });

  it('given auth: false, then the token is not sent', async () => {
    token = 'abc.def';
    server.on('POST /api/auth/login', json({ success: true }));
    await api.post('/auth/login', { schema: ok, json: { email: 'a@b.c' }, auth: false });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ email: 'a@b.c' });
  });

  it('given writes answered with X-Event-Position, then later calls send the highest as X-Min-Position', async () => {
    server.on('GET /api/read', json({ success: true }));
    server.on('POST /api/write', (r) =>
      json({ success: true }, 201, { 'x-event-position': r.body.includes('"second"') ? '7' : '42' }),
    );
    await api.get('/read', { schema: ok });
    await api.post('/write', { schema: ok, json: { n: 'first' } });
    await api.post('/write', { schema: ok, json: { n: 'second' } });
    await api.get('/read', { schema: ok });
    expect(server.requests[0]?.headers['x-min-position']).toBeUndefined();
    expect(server.requests[2]?.headers['x-min-position']).toBe('42');
    expect(server.requests[3]?.headers['x-min-position']).toBe('42');
  });

  it("given the caller gives up on a read, then the call is aborted with the caller's reason", async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.on('GET /api/slow', { ...json({ success: true }), wait: held });
    const controller = new AbortController();
    const call = api.get('/slow', { schema: ok, signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    answer();
  });

  it('sends query parameters, leaving out empty ones', async () => {
    server.on('GET /api/cart', json({ success: true }));
    await api.get('/cart', { schema: ok, searchParams: { currency: 'EUR', country: 'DE', coupon: '' } });
    expect(server.requests[0]?.url).toBe('/api/cart?currency=EUR&country=DE');
  });
});
