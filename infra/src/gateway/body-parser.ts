// JSON and form bodies up to 1 MiB (API.md); the body parser's errors (413 too large, 400 bad JSON)
// go to the error handler. The exact bytes stay on `ctx.request.rawBody` for signature checks
// (the Stripe webhook). Multipart is left to the upload routes.
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';

export const JSON_LIMIT_BYTES = 1024 * 1024;

// DELETE too: spec 1 §7's bulk order delete sends its ids as a JSON body.
const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export const parseBody = (): Middleware => {
  const parse = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: JSON_LIMIT_BYTES,
    formLimit: JSON_LIMIT_BYTES,
    parsedMethods: PARSED_METHODS,
  });
  // Reads (most requests) skip the parser altogether.
  return (ctx, next) => (PARSED_METHODS.includes(ctx.method) ? parse(ctx, next) : next());
};
