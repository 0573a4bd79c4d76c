// The gateway over real HTTP (test-support/test-gateways.ts): request ids, and every error as the
// JSON error of API.md (domain errors, zod failures, bad JSON, body limits, unknown routes and
// methods, crashes) with nothing secret in the logs.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { domainErrors, gatewaysPerFile, loggedText, logLines } from './test-support/test-gateways';

const gateways = gatewaysPerFile();
const { getJson } = gateways;

describe('request ids', () => {
  it('given no X-Request-Id, when a request is made, then a fresh uuid is returned', async () => {
    const { response } = await getJson('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('given an X-Request-Id, when a request is made, then the same id is echoed and logged', async () => {
    const { response } = await getJson('/api/test/items/7', { headers: { 'X-Request-Id': 'lb-req-42' } });
    expect(response.headers.get('x-request-id')).toBe('lb-req-42');
    expect(logLines).toContainEqual(
      expect.objectContaining({
        requestId: 'lb-req-42',
        method: 'GET',
        path: '/api/test/items/7',
        status: 200,
      }),
    );
  });

  it('given a malformed X-Request-Id, when a request is made, then it is replaced by a uuid', async () => {
    const { response } = await getJson('/healthz', { headers: { 'X-Request-Id': 'a b\tc' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it.each(domainErrors)(
    'given a route throwing %s, then the JSON error of API.md',
    async (name, make, status, code) => {
      const { response, body } = await getJson(`/api/test/errors/${name}`);
      const error = make();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(body).toEqual({
        success: false,
        message: error.message,
        code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    },
  );

  it('given TooManyRequests, then Retry-After carries its seconds', async () => {
    const { response } = await getJson('/api/test/errors/too-many');
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('given a lost optimistic-concurrency race, then 409 CONFLICT', async () => {
    const { response, body } = await getJson('/api/test/errors/wrong-version');
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('given a zod failure, then 400 with a message per field path', async () => {
    const { response, body } = await getJson('/api/test/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', address: { postalCode: 12 } }),
    });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const errors = body.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['address.postalCode', 'email']);
    expect(errors['email']).toMatch(/email/i);
    expect(errors['address.postalCode']).toMatch(/string/i);
  });

  it('given a valid body, then the route answers', async () => {
    const { response, body } = await getJson('/api/test/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', address: { postalCode: '10115' }, extra: 'ignored' }),
    });
    expect(response.status).toBe(201);
    expect(body).toEqual({ success: true, email: 'ann@example.com' });
  });

  it('given malformed JSON, then 400 INVALID_JSON', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"quantity": 2,',
    });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it.each(['"str"', 'null', '[1]', '42'])(
    'given a body of valid JSON that is not an object (%s), then 400 saying it must be an object',
    async (text) => {
      const { response, body } = await getJson('/api/test/echo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      expect(response.status).toBe(400);
      expect(body).toEqual({
        success: false,
        message: 'The request body must be a JSON object.',
        code: 'BAD_REQUEST',
      });
    },
  );

  it('given an empty body of type JSON, then the route gets an empty object', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '',
    });
    expect(response.status).toBe(200);
    expect(body).toEqual({ success: true, body: {}, rawLength: 0 });
  });

  it.each(['gzip', 'br', 'deflate'])(
    'given a body claiming Content-Encoding %s that is not, when it is posted, then 400 "could not be decoded", logged below error',
    async (encoding) => {
      const requestId = `undecodable-${encoding}`;
      const { response, body } = await getJson('/api/test/echo', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Encoding': encoding,
          'X-Request-Id': requestId,
        },
        body: 'xxxx',
      });
      expect(response.status).toBe(400);
      expect(body).toEqual({
        success: false,
        message: 'The request body could not be decoded.',
        code: 'BAD_REQUEST',
      });
      const logged = logLines.filter((line) => line.requestId === requestId);
      expect(logged.filter((line) => Number(line.level) >= 50)).toEqual([]);
    },
  );

  it('given a Content-Encoding nobody supports, when a body is posted, then 415 naming the encoding', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'foo' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(body).toEqual({
      success: false,
      message: 'Unsupported Content-Encoding: foo',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('given a body of exactly 1 MiB, then it is accepted and its raw bytes are kept', async () => {
    const text = JSON.stringify({ note: '' });
    const payload = JSON.stringify({ note: 'x'.repeat(1024 * 1024 - text.length) });
    expect(Buffer.byteLength(payload)).toBe(1024 * 1024);
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(body.rawLength).toBe(payload.length);
  });

  it('given a body over 1 MiB, then 413 PAYLOAD_TOO_LARGE', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('given an unknown /api route, then a JSON 404', async () => {
    const { response, body } = await getJson('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Not found: GET /api/nothing/here', code: 'NOT_FOUND' });
  });

  it('given a known route with the wrong method, then a JSON 405 with Allow', async () => {
    const { response, body } = await getJson('/api/test/items/7', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(body).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('given a path two routers serve, then each answers its method and a 405 names both', async () => {
    expect((await getJson('/api/test/items/7', { method: 'PUT' })).body).toEqual({
      success: true,
      updated: '7',
    });
    const { response } = await getJson('/api/test/items/7', { method: 'DELETE' });
    expect(response.headers.get('allow')?.split(/, */).sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('given a method no route implements, then a JSON 501', async () => {
    const { response, body } = await getJson('/api/test/items/7', { method: 'PROPFIND' });
    expect(response.status).toBe(501);
    expect(body).toMatchObject({ success: false, code: 'NOT_IMPLEMENTED' });
  });

  it("given a method no route implements (TRACE), when it is asked, then 501 logged below warn: the client's mistake, not the shop's", async () => {
    const { hostname, port } = new URL(gateways.server.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .request(
          {
            host: hostname,
            port,
            method: 'TRACE',
            path: '/api/test/items/7',
            headers: { 'X-Request-Id': 'trace-1' },
          },
          (response) => response.resume().on('end', () => resolve(response.statusCode)),
        )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(501);
    const logged = logLines.filter((line) => line.requestId === 'trace-1');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => Number(line.level) > 40)).toEqual([]);
  });

  it('given an unexpected error, then a bare 500 without stack, logged with the request id and stack', async () => {
    const { response, body } = await getJson('/api/test/errors/crash', {
      headers: { 'X-Request-Id': 'crash-1' },
    });
    expect(response.status).toBe(500);
    expect(body).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL' });
    const logged = logLines.find((line) => line.requestId === 'crash-1' && line.err);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged?.err)).toContain('hunter2');
    expect(JSON.stringify(logged?.err)).toContain('test-gateways.ts');
  });

  it('given a download under way, when the client leaves (a closed tab, a lost signal), then no error is logged, only a debug line', async () => {
    const { hostname, port } = new URL(gateways.server.url);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: hostname, port, path: '/api/test/slow-stream', headers: { 'X-Request-Id': 'left-1' } },
        (response) => response.once('data', () => (request.destroy(), resolve())),
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await expect
      .poll(() =>
        logLines.find(
          (line) => line.requestId === 'left-1' && line.msg === 'client left before the answer was sent',
        ),
      )
      .toMatchObject({ level: 20, path: '/api/test/slow-stream' });
    expect(logLines.filter((line) => line.msg === 'unhandled gateway error')).toEqual([]);
  });

  it('given a download under way, when its source fails while the client waits, then it is logged as an error', async () => {
    const { hostname, port } = new URL(gateways.server.url);
    const request = http.get({
      host: hostname,
      port,
      path: '/api/test/broken-stream',
      headers: { 'X-Request-Id': 'broken-1' },
    });
    request.on('error', () => undefined);
    try {
      await expect
        .poll(() => logLines.find((line) => line.requestId === 'broken-1' && line.level === 50))
        .toMatchObject({ msg: 'unhandled gateway error', err: { message: 'disk read failed' } });
    } finally {
      request.destroy();
    }
  });

  it('given credentials in a request, then the logs never contain them', async () => {
    await getJson('/api/test/echo', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer secret-token-123',
        Cookie: 'cart_session=cookie-value-456',
      },
      body: JSON.stringify({ password: 'pass-word-789' }),
    });
    expect(loggedText()).not.toMatch(/secret-token-123|cookie-value-456|pass-word-789/);
  });
});
