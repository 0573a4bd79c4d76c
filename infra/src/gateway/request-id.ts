// Every request gets an id: the caller's X-Request-Id when it is a sane token (a load balancer's),
// else a fresh uuid. It is echoed on the response and carried by every log line of the request.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SANE = /^[\w.:-]{1,128}$/;

export const requestId = (): Middleware => (ctx, next) => {
  const given = ctx.get('X-Request-Id');
  const id = SANE.test(given) ? given : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  return next();
};
