// Pages, their files and photos get helmet's headers with a CSP the built Vite + React app works
// under: its scripts and styles are files of our own origin; images may be data: or blob: URLs
// (previews of photos being cropped). No upgrade-insecure-requests: the embedded default is served
// over plain http.
// Answers of /api are data, never rendered as a page: they get the short set OWASP's REST cheat
// sheet asks for (a CSP that allows nothing, no framing, nosniff), set from one precomputed list so
// the hottest reads stay cheap.
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

// Photos are served to our own pages only; same-site keeps them out of other sites' pages.
const CROSS_ORIGIN_RESOURCE_POLICY = 'same-site';

const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', CROSS_ORIGIN_RESOURCE_POLICY],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

export const securityHeaders = (): Middleware => {
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: CROSS_ORIGIN_RESOURCE_POLICY },
  });
  return (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return pageHeaders(ctx, next);
    for (const [name, value] of API_HEADERS) ctx.res.setHeader(name, value);
    return next();
  };
};
