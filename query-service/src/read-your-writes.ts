// Read-your-writes (DESIGN.md): a read that sends X-Min-Position waits (up to 3 s) until the
// projections it reads have passed that position, else answers with X-Stale: 1.
import type { Middleware } from 'koa';

export type WaitForPosition = (projections: readonly string[], position: number) => Promise<boolean>;

export function readYourWrites(waitFor: WaitForPosition, projections: readonly string[]): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('x-min-position');
    const position = Number(header);
    if (header && Number.isSafeInteger(position) && position > 0) {
      const caughtUp = await waitFor(projections, position);
      if (!caughtUp) ctx.set('X-Stale', '1');
    }
    await next();
  };
}
