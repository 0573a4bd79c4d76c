// One log line and one duration sample per request, from one clock reading: method, path, status,
// duration and request id. Headers, query strings and bodies are never logged (tokens, cookies,
// passwords, e-mails live there).
import type { Middleware } from 'koa';
import type { Logger } from '@printshop/shared-events/logger';
import { observeRequest, type Metrics } from './metrics';

export const requestLogger =
  (logger: Logger, metrics: Metrics): Middleware =>
  async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      observeRequest(metrics, ctx, ms / 1000);
      const requestId = ctx.state.requestId as string | undefined;
      logger.info(
        { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
