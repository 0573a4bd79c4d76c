// Answers of /api depend on the caller (cart, account, orders, checkout, admin...) unless a route says
// otherwise, so each starts as `Cache-Control: no-store`: no browser or shared cache keeps one
// caller's answer for another. A public route (the catalog, the served images) replaces it with
// its own caching. Set before the routes, with no work after them, to keep the hot reads cheap.
import type { Middleware } from 'koa';

export const PRIVATE_CACHE_CONTROL = 'no-store';

export const privateByDefault = (): Middleware => (ctx, next) => {
  if (ctx.path.startsWith('/api/')) ctx.res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  return next();
};
