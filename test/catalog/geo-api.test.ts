// GET /api/geo/detect-country over HTTP: a CDN header, the client address through GeoIP (behind a
// trusted proxy, X-Forwarded-For gives it), or Accept-Language; never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectCountryResponseSchema } from '@printshop/shared-events/api/catalog';
import { startTestApp, type TestApp } from '@printshop/test/support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'geo', env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app?.stop();
});

async function detect(headers: Record<string, string>) {
  const response = await fetch(`${app.url}/api/geo/detect-country`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return detectCountryResponseSchema.parse(await response.json());
}

describe('GET /api/geo/detect-country', () => {
  it('given a Cloudflare country header, then that country by header', async () => {
    expect(await detect({ 'CF-IPCountry': 'fr', 'X-Forwarded-For': '8.8.8.8' })).toEqual({
      success: true,
      countryCode: 'FR',
      method: 'header',
    });
  });

  it("given CloudFront's header and Cloudflare's 'unknown', then CloudFront's country", async () => {
    expect(await detect({ 'CF-IPCountry': 'XX', 'CloudFront-Viewer-Country': 'NZ' })).toMatchObject({
      countryCode: 'NZ',
      method: 'header',
    });
  });

  it('given no header and a public client address, then its country by GeoIP', async () => {
    expect(await detect({ 'X-Forwarded-For': '81.2.69.160', 'Accept-Language': 'de-DE' })).toEqual({
      success: true,
      countryCode: 'GB',
      method: 'geoip',
    });
  });

  it('given a private address and Accept-Language with a region, then that region', async () => {
    expect(
      await detect({ 'X-Forwarded-For': '10.0.0.7', 'Accept-Language': 'fr;q=0.9, en-AU;q=0.8, en;q=0.5' }),
    ).toEqual({ success: true, countryCode: 'AU', method: 'accept-language' });
  });

  it('given nothing that tells, then success is false', async () => {
    expect(await detect({ 'X-Forwarded-For': '10.0.0.8', 'Accept-Language': 'fr' })).toEqual({
      success: false,
    });
    expect(await detect({})).toEqual({ success: false });
  });
});
