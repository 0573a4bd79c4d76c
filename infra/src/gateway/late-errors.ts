// What Koa meets after an answer has started (a streamed body failing or cut off), when no middleware
// can turn it into an error answer any more. A client that leaves mid-answer (a closed tab, a phone
// losing its signal, a download cancelled) cut the stream itself: a debug line, not an error that
// would page someone.
import type { Context } from 'koa';
import type { Logger } from '@printshop/shared-events/logger';

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export const logLateErrors =
  (logger: Logger) =>
  (error: unknown, ctx?: Context): void => {
    const code = (error as { code?: unknown } | null)?.code;
    const where = ctx && {
      requestId: ctx.state.requestId as string | undefined,
      method: ctx.method,
      path: ctx.path,
    };
    if (ctx?.req.socket.destroyed && typeof code === 'string' && CLIENT_GONE.has(code)) {
      logger.debug({ ...where, code }, 'client left before the answer was sent');
    } else {
      logger.error({ err: error, ...where }, 'unhandled gateway error');
    }
  };
