// JSON objects up to 1 MiB (API.md); the body parser's errors (413 too large, 400 bad JSON, 400 a
// compressed body that does not decompress, 415 an encoding it cannot undo) go to the error
// handler, as does valid JSON that is no object (400). The exact bytes stay on
// `ctx.request.rawBody` for signature checks (the Stripe webhook). Any other body is refused with
// 415 before it is read: a cross-site HTML form can only send form-encoded, multipart or
// text/plain bodies, so it can change nothing. Multipart is left to the upload routes, and
// accepted only there.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { UnsupportedMediaType } from '@printshop/shared-events/errors';

export const JSON_LIMIT_BYTES = 1024 * 1024;

// DELETE too: spec 1 §7's bulk order delete sends its ids as a JSON body.
const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The calls that take multipart/form-data (API.md "Images"). */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(['/api/images', '/api/images/single']);

export const JSON_ONLY_MESSAGE = 'Send the body as JSON (Content-Type: application/json)';

const UNDECODABLE_MESSAGE = 'The request body could not be decoded.';
const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object.';

const hasStatus = (error: Error) => 'status' in error || 'statusCode' in error;

/** The body parser's failures the error handler would not tell apart, as API.md's errors. */
function refuseBody(error: Error, ctx: Context): never {
  // A compressed body that does not decompress fails in zlib, whose error carries no HTTP status
  // (it would be a 500): the bytes are the client's.
  if (ctx.get('content-encoding') && !hasStatus(error)) ctx.throw(400, UNDECODABLE_MESSAGE);
  // An encoding we cannot undo; its message ("Unsupported Content-Encoding: foo") says which.
  if ((error as { status?: unknown }).status === 415) throw new UnsupportedMediaType(error.message);
  throw error;
}

/** Every call's body is an object; an empty one is none (`{}`). */
function objectBodyOnly(ctx: Context): void {
  const { body } = ctx.request;
  if (body === '') ctx.request.body = {};
  else if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    ctx.throw(400, NOT_AN_OBJECT_MESSAGE);
  }
}

export const parseBody = (): Middleware => {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_LIMIT_BYTES,
    parsedMethods: PARSED_METHODS,
    // Any JSON value parses, so one that is no object is told apart from text that is no JSON.
    jsonStrict: false,
    onError: refuseBody,
  });
  return (ctx, next) => {
    // Reads (most requests) and bodiless writes (no body, or an empty one of no type) skip it.
    if (!PARSED_METHODS.includes(ctx.method)) return next();
    if (ctx.request.is() === null || (ctx.request.length === 0 && !ctx.get('content-type'))) return next();
    if (ctx.request.is('json', '+json')) {
      return parse(ctx, () => {
        objectBodyOnly(ctx);
        return next();
      });
    }
    if (UPLOAD_PATHS.has(ctx.path) && ctx.request.is('multipart')) return next();
    throw new UnsupportedMediaType(JSON_ONLY_MESSAGE);
  };
};
