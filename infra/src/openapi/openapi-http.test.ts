// GET /api/openapi.json and GET /api/docs through the gateway: public and cacheable, compressed,
// and the page self-contained under its own CSP. Raw node:http, since fetch would hide the encoding.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import { createGateway } from '../gateway/create-gateway';
import { createMetrics } from '../gateway/metrics';

let server: http.Server;
let base: string;

function get(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + pathname, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  const app = createGateway({
    logger: silentLogger,
    routers: [],
    metrics: createMetrics(),
    readiness: { checks: {} },
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('serving the contract', () => {
  it('given a browser accepting brotli, when it gets /api/openapi.json, then the document comes compressed and cacheable by anyone', async () => {
    const { status, headers, body } = await get('/api/openapi.json');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBe('public, max-age=300');
    const document = JSON.parse(body) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/cart/item/{id}');
  });

  it('given the docs page, when fetched, then it lists the calls, loads nothing and its CSP allows only its own style', async () => {
    const { status, headers, body } = await get('/api/docs');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(body).toContain('<code>/api/cart/item/{id}</code>');
    expect(body).toContain('id="schema-Error"');
    // A call's body links to its schema, shown further down the same page.
    expect(body).toContain('<a href="#schema-PostCartItemBody">PostCartItemBody</a>');
    expect(body).toContain('id="schema-PostCartItemBody"');
    // Offline: no script, and nothing fetched from elsewhere.
    expect(body).not.toMatch(/<script|\ssrc=|<link/i);
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const style = /<style>([\s\S]*?)<\/style>/.exec(body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
  });

  it('given another /api answer, when fetched, then it keeps the locked-down CSP of data', async () => {
    const { headers } = await get('/api/openapi.json');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
