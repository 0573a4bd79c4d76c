// helmet's headers with a CSP the built Vite + React app works under: its scripts and styles are
// files of our own origin; images may be data: or blob: URLs (previews of photos being cropped).
// No upgrade-insecure-requests: the embedded default is served over plain http.
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

export const securityHeaders = (): Middleware =>
  helmet({
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
    // Photos are served to our own pages only; same-site keeps them out of other sites' pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
