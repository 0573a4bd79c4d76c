// JSON bodies up to 1 MiB (API.md); the body parser's errors (413 too large, 400 bad JSON) go to the
// error handler. The exact bytes stay on `ctx.request.rawBody` for signature checks (the Stripe
// webhook). Any other body is refused with 415 before it is read: a cross-site HTML form can only
// send form-encoded, multipart or text/plain bodies, so it can change nothing. Multipart is left
// to the upload routes, and accepted only there.
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { UnsupportedMediaType } from '@printshop/shared-events/errors';

export const JSON_LIMIT_BYTES = 1024 * 1024;

// DELETE too: spec 1 §7's bulk order delete sends its ids as a JSON body.
const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The calls that take multipart/form-data (API.md "Images"). */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(['/api/images', '/api/images/single']);

export const JSON_ONLY_MESSAGE = 'Send the body as JSON (Content-Type: application/json)';

export const parseBody = (): Middleware => {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_LIMIT_BYTES,
    parsedMethods: PARSED_METHODS,
  });
  return (ctx, next) => {
    // Reads (most requests) and bodiless writes (no body, or an empty one of no type) skip it.
    if (!PARSED_METHODS.includes(ctx.method)) return next();
    if (ctx.request.is() === null || (ctx.request.length === 0 && !ctx.get('content-type'))) return next();
    if (ctx.request.is('json', '+json')) return parse(ctx, next);
    if (UPLOAD_PATHS.has(ctx.path) && ctx.request.is('multipart')) return next();
    throw new UnsupportedMediaType(JSON_ONLY_MESSAGE);
  };
};
