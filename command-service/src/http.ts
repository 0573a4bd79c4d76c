// Small helpers the command routers share.
import type { Context } from 'koa';

/** Every write answers with the global position of its last event (API.md, read-your-writes). */
export function answerWithPosition(ctx: Context, status: number, body: object, position?: number): void {
  if (position !== undefined) ctx.set('X-Event-Position', String(position));
  ctx.status = status;
  ctx.body = { success: true, ...body };
}
