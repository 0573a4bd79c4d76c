// One log line per request: method, path, status, duration and request id. Headers, query strings
// and bodies are never logged (tokens, cookies, passwords, e-mails live there).
import type { Middleware } from 'koa';
import type { Logger } from '@printshop/shared-events/logger';

export const requestLogger =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = ctx.state.requestId as string | undefined;
    ctx.state.logger = logger.child?.({ requestId }) ?? logger;
    try {
      await next();
    } finally {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      logger.info({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
    }
  };
