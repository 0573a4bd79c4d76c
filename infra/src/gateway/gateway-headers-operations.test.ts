// The gateway over real HTTP (test-support/test-gateways.ts): security headers, the frontend's
// files, and the operations routes (/healthz, /readyz with a real database, event store and NATS
// behind it, /metrics).
import { describe, expect, it } from 'vitest';
import { gatewaysPerFile } from './test-support/test-gateways';

const gateways = gatewaysPerFile();
const { getJson } = gateways;

describe('security headers', () => {
  it('given a response outside /api, then helmet headers and the app CSP are set', async () => {
    const { response } = await getJson('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('given an /api answer, even an error, then it may not be framed, sniffed or run anything', async () => {
    for (const path of ['/api/test/echo', '/api/unknown']) {
      const { response } = await getJson(path);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });
});

describe('frontend', () => {
  it('given a client-side route, then index.html is served', async () => {
    const response = await fetch(`${gateways.server.url}/orders/42`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('given a hashed asset, then it is served with a long cache', async () => {
    const response = await fetch(`${gateways.server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toContain('shop');
  });

  it('given an unknown /api path, then it is not answered with index.html', async () => {
    const response = await fetch(`${gateways.server.url}/api/orders/42`, {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(404);
  });
});

describe('operations', () => {
  it('given the process is up, then /healthz answers 200', async () => {
    const { response, body } = await getJson('/healthz');
    expect(response.status).toBe(200);
    expect(body).toEqual({ success: true, status: 'up' });
  });

  it('given every backing service answers, then /readyz is 200 with each check, projection and reactor lag', async () => {
    const { response, body } = await getJson('/readyz');
    expect(response.status).toBe(200);
    const checks = body.checks as Record<string, Record<string, unknown>>;
    expect(checks.database).toEqual({ ok: true });
    expect(checks.eventStore).toEqual({ ok: true, headPosition: 2 });
    expect(checks.bus).toEqual({ ok: true });
    expect(checks.projections).toMatchObject({
      ok: true,
      failed: [],
      projections: [{ name: 'catalog', position: 0, lag: 2, status: 'running', error: null }],
    });
    // A reactor behind and retrying is shown, and does not make the shop unready.
    expect(checks.reactors).toEqual({
      ok: true,
      reactors: [{ name: 'mail', position: 1, lag: 1, lastError: 'publish failed: no responders' }],
    });
  });

  it('given the database is unreachable and a projection failed, then /readyz is 503 with details', async () => {
    const response = await fetch(`${gateways.failingServer.url}/readyz`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(503);
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(body.message).toBe('Not ready: database, projections');
    const checks = body.checks as Record<string, Record<string, unknown>>;
    expect(checks.database?.ok).toBe(false);
    expect(checks.database?.error).toMatch(/does not exist/);
    expect(checks.bus).toEqual({ ok: true });
    expect(checks.projections).toMatchObject({
      ok: false,
      failed: ['orders'],
      projections: [
        { name: 'catalog', position: 2, lag: 0, status: 'running' },
        { name: 'orders', position: 1, lag: 1, status: 'failed', error: 'handler threw', failedPosition: 2 },
      ],
    });
  });

  it('given some traffic, then /metrics has defaults, request durations by route, projection and reactor lag', async () => {
    await getJson('/api/test/items/1');
    await getJson('/api/test/items/2');
    const response = await fetch(`${gateways.server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/test\/items\/:id",status="200"\} [2-9]/,
    );
    expect(text).toContain('printshop_projection_lag_events{projection="catalog"} 2');
    expect(text).toContain('printshop_reactor_lag_events{reactor="mail"} 1');
  });
});
