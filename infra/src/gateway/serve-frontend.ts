// Serves the built React app (frontend/dist) and answers index.html for any other GET that is not
// an API call, so client-side routes (/cart, /orders/42) load the app on refresh.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import serve from 'koa-static';

const isApi = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');

export function serveFrontend(dir: string): Middleware {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const files = serve(root, {
    // Vite puts content-hashed files under assets/: they never change, so they may be cached for good.
    setHeaders: (res, file) => {
      if (file.startsWith(path.join(root, 'assets') + path.sep)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  }) as Middleware;

  return async (ctx, next) => {
    if (isApi(ctx.path)) return next();
    await files(ctx, async () => {
      await next();
      const wantsPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('html') === 'html';
      if (ctx.status === 404 && ctx.body == null && wantsPage && existsSync(index)) {
        ctx.status = 200;
        ctx.set('Cache-Control', 'no-cache');
        // Through koa-send, as `/` is: the precompressed index.html.br / .gz when accepted.
        await send(ctx, 'index.html', { root });
      }
    });
  };
}
