// Catches every failure below it, and what nothing answered (unanswered.ts), and answers with API.md's
// JSON error. A 5xx is logged with its request id and the stack (an outage's 503 with its reason
// only; a 501, a method no route implements, is the client's like a 4xx); the response never
// carries the stack.
import type { Middleware } from 'koa';
import type { Logger } from '@printshop/shared-events/logger';
import { mapError } from './error-body';
import { throwIfUnanswered } from './unanswered';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The shop's own failures; a 501 answers a method the client chose (TRACE), nothing broke. */
const isServerFault = (status: number) => status >= 500 && status !== 501;

export const errorHandler =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    try {
      await next();
      throwIfUnanswered(ctx);
    } catch (error) {
      const mapped = mapError(error);
      const requestId = ctx.state.requestId as string | undefined;
      if (mapped.status === 503 && mapped.known) {
        // An outage answers every request alike: one line each, not a stack each.
        logger.warn(
          { requestId, method: ctx.method, path: ctx.path, reason: errorText(error) },
          'service unavailable',
        );
      } else if (isServerFault(mapped.status)) {
        logger.error({ err: error, requestId, method: ctx.method, path: ctx.path }, 'request error');
      } else {
        logger.debug({ requestId, status: mapped.status, code: mapped.body.code }, 'request rejected');
      }
      ctx.status = mapped.status;
      ctx.set(mapped.headers);
      ctx.body = mapped.body;
    }
  };
