// An object or array answer becomes its JSON text here, once. Left to Koa it would be serialized
// twice: koa-compress reads the response's length (Koa stringifies the object to measure it), then
// Koa stringifies it again to send it. The Content-Type stays the JSON one Koa gave the object.
import type { Middleware } from 'koa';

const isJsonValue = (body: unknown): body is object =>
  Array.isArray(body) ||
  (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);

export const serializeJson = (): Middleware => async (ctx, next) => {
  await next();
  if (isJsonValue(ctx.body)) ctx.body = JSON.stringify(ctx.body);
};
