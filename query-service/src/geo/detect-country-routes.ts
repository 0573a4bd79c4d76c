// GET /api/geo/detect-country (API.md): {success, countryCode, method}, or {success:false} when
// nothing tells. The answer depends on who asks, so it is never cached.
import Router from '@koa/router';
import { detectCountry } from './detect-country';

export interface GeoRouterDeps {
  /** GeoIP: the country of a public address, undefined when unknown (private, loopback...). */
  lookupCountry(ip: string): string | undefined;
}

export function geoRouter(deps: GeoRouterDeps): Router {
  const router = new Router();

  router.get('/api/geo/detect-country', (ctx) => {
    const detected = detectCountry({
      header: (name) => ctx.get(name) || undefined,
      ip: ctx.ip,
      languages: ctx.acceptsLanguages(),
      lookupCountry: deps.lookupCountry,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = detected ? { success: true, ...detected } : { success: false };
  });

  return router;
}
