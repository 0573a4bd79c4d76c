// Catches every failure below it, and what nothing answered (unanswered.ts), and answers with API.md's
// JSON error. A 5xx is logged with its request id and the stack; the response never carries the stack.
import type { Middleware } from 'koa';
import type { Logger } from '@printshop/shared-events/logger';
import { mapError } from './error-body';
import { throwIfUnanswered } from './unanswered';

export const errorHandler =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    try {
      await next();
      throwIfUnanswered(ctx);
    } catch (error) {
      const mapped = mapError(error);
      const requestId = ctx.state.requestId as string | undefined;
      if (mapped.status >= 500) {
        logger.error({ err: error, requestId, method: ctx.method, path: ctx.path }, 'request error');
      } else {
        logger.debug({ requestId, status: mapped.status, code: mapped.body.code }, 'request rejected');
      }
      ctx.status = mapped.status;
      ctx.set(mapped.headers);
      ctx.body = mapped.body;
    }
  };
