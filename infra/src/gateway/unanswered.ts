// What nothing answered becomes API.md's JSON error instead of Koa's plain text: an unknown route
// or a missing file with no SPA to fall back to (404), a known route with another method (405,
// with the Allow header @koa/router set), a method no route implements (501).
import type { Context } from 'koa';
import { NotFound } from '@printshop/shared-events/errors';

const messages: Record<number, string> = { 405: 'Method not allowed', 501: 'Method not implemented' };

/** Throws the error of a request nothing answered (the error handler gives it API.md's body). */
export function throwIfUnanswered(ctx: Context): void {
  if (ctx.body != null || ctx.status < 400) return;
  if (ctx.status === 404) throw new NotFound(`Not found: ${ctx.method} ${ctx.path}`);
  ctx.throw(ctx.status, messages[ctx.status] ?? 'Request failed');
}
