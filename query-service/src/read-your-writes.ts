// Read-your-writes (DESIGN.md): a read that sends X-Min-Position waits (up to 3 s) until the
// projections it reads have passed that position, else answers with X-Stale: 1. The database away
// is "not caught up": the read goes on, and either answers from what it holds (the catalog) or
// meets the outage itself.
import type { Middleware } from 'koa';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';

export type WaitForPosition = (projections: readonly string[], position: number) => Promise<boolean>;

export function readYourWrites(waitFor: WaitForPosition, projections: readonly string[]): Middleware {
  const waitThenRead: Middleware = async (ctx, next) => {
    const position = Number(ctx.get('x-min-position'));
    if (Number.isSafeInteger(position) && position > 0) {
      const caughtUp = await waitFor(projections, position).catch((error: unknown) => {
        if (isTransientDatabaseError(error)) return false;
        throw error;
      });
      if (!caughtUp) ctx.set('X-Stale', '1');
    }
    await next();
  };
  // A read without the header (most of them) passes straight through.
  return (ctx, next) => (ctx.get('x-min-position') ? waitThenRead(ctx, next) : next());
}
