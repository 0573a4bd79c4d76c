// Every service router's routes in one table, filed by resource: the path's first two segments
// ("/api/cart"). A request is matched against the routes that can serve its resource only, in the
// order they were registered, instead of against all of the shop's routes one by one. A path id
// (`:id`) must look like one (PATH_ID_PATTERN): a malformed id does not match the route, so it ends
// as a 404 (or reaches the frontend's files under /images/) instead of reaching a handler.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import { PATH_ID_PATTERN } from '@printshop/shared-events/api/common';

const isStatic = (segment: string) => !/[:*(]/.test(segment);

type Stack = Router['stack'][number]['stack'];

/** A route's middleware, run only when its `:id` looks like an id; else the request moves on. */
function matchingIdOnly(stack: Stack): Stack {
  const route = compose(stack as unknown as Middleware[]);
  const guarded: Middleware = (ctx, next) =>
    PATH_ID_PATTERN.test(String(ctx.params?.id)) ? route(ctx, next) : next();
  return [guarded] as unknown as Stack;
}

/** "/api/cart/item/:id" -> "/api/cart"; "/images/:id" -> "/images"; "/:x" -> "". */
function fileOf(path: string): string {
  const [, first, second] = path.split('/');
  if (first === undefined || !isStatic(first)) return '';
  if (second === undefined || !isStatic(second)) return `/${first}`;
  return `/${first}/${second}`;
}

export function routeTable(routers: readonly Router[]): { routes: Middleware; allowedMethods: Middleware } {
  const layers = routers.flatMap((router) => {
    // A router-level middleware (no path) would run for every service's routes once merged.
    const pathless = router.stack.find((layer) => layer.methods.length === 0);
    if (pathless) throw new Error(`Router middleware on ${pathless.path} would apply to every route`);
    return router.stack.map((layer) => ({ layer, file: fileOf(String(layer.path)) }));
  });
  /** The routes that can serve a path filed under `file`: its own and those of its prefixes. */
  const routerFor = (file: string) => {
    const router = new Router();
    for (const { layer, file: filed } of layers) {
      if (filed === '' || filed === file || file.startsWith(`${filed}/`)) {
        const methods = layer.methods.filter((method) => method !== 'HEAD');
        const hasId = layer.paramNames.some((param) => param.name === 'id');
        const stack = hasId ? matchingIdOnly(layer.stack) : layer.stack;
        router.register(layer.path, methods, stack, { name: layer.name ?? undefined });
      }
    }
    return router;
  };
  const tables = new Map<string, Router>();
  for (const { file } of layers) {
    for (const prefix of [file, file.slice(0, file.lastIndexOf('/'))]) {
      if (!tables.has(prefix)) tables.set(prefix, routerFor(prefix));
    }
  }
  if (!tables.has('')) tables.set('', routerFor(''));
  const served = new Map(
    [...tables].map(([file, router]) => [
      file,
      // The router's middleware types ask for its own context; Koa's is what it is given.
      {
        routes: router.routes() as unknown as Middleware,
        allowed: router.allowedMethods() as unknown as Middleware,
      },
    ]),
  );
  /** The table of a request path: its first two segments', else its first's, else the catch-all. */
  const tableOf = (path: string) => {
    const first = path.indexOf('/', 1);
    const second = first === -1 ? -1 : path.indexOf('/', first + 1);
    const two = second === -1 ? path : path.slice(0, second);
    const one = first === -1 ? path : path.slice(0, first);
    return served.get(two) ?? served.get(one) ?? served.get('')!;
  };
  return {
    routes: (ctx, next) => tableOf(ctx.path).routes(ctx, next),
    allowedMethods: (ctx, next) => tableOf(ctx.path).allowed(ctx, next),
  };
}

/** Every "METHOD /path" the table serves, as registered (HEAD, which GET answers, left out). */
export function routesOf(routers: readonly Router[]): string[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path)}`),
    ),
  );
}
