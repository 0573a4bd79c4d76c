// Pages, their files and photos get helmet's headers with a CSP the built Vite + React app works
// under: its scripts and styles are files of our own origin; images may be data: or blob: URLs
// (previews of photos being cropped). No upgrade-insecure-requests: the embedded default is served
// over plain http. Inline scripts stay forbidden but for those the frontend's build lists by hash
// (inline-script-hashes.json, written by frontend/build-plugins/prerender.ts from the exact text it
// put into the prerendered pages: the price guard that hides USD prices from a visitor who saved
// another currency until the app applies it, and the keeper of a tap made before hydration).
// Answers of /api are data, never rendered as a page: they get the short set OWASP's REST cheat
// sheet asks for (a CSP that allows nothing, no framing, nosniff), set from one precomputed list so
// the hottest reads stay cheap.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** Written by the frontend's build (name shared with frontend/build-plugins/prerender.ts). */
const INLINE_SCRIPTS_FILE = 'inline-script-hashes.json';
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

/** The 'sha256-…' sources of the build's inline scripts; none without a build (or a list). */
export function inlineScriptHashes(frontendDir: string | undefined): string[] {
  const file = frontendDir && path.join(frontendDir, INLINE_SCRIPTS_FILE);
  if (!file || !existsSync(file)) return [];
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && SCRIPT_HASH.test(h))) {
    throw new Error(`${file} is not a list of 'sha256-…' sources`);
  }
  return hashes as string[];
}

/** `frontendDir`: the built frontend the gateway serves, whose inline scripts the CSP allows. */
export const securityHeaders = (frontendDir?: string): Middleware => {
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(frontendDir)],
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
