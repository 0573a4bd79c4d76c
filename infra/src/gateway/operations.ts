// The operator endpoints of API.md "Operations": liveness, readiness and Prometheus metrics.
import Router from '@koa/router';
import type { Metrics } from './metrics';
import { checkReadiness, type Readiness } from './readiness';

export function operationsRouter({ readiness, metrics }: { readiness: Readiness; metrics: Metrics }): Router {
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.body = { success: true, status: 'up' };
  });

  router.get('/readyz', async (ctx) => {
    const report = await checkReadiness(readiness);
    ctx.set('Cache-Control', 'no-store');
    if (report.ready) {
      ctx.body = { success: true, status: 'ready', checks: report.checks };
      return;
    }
    const down = Object.entries(report.checks)
      .filter(([, result]) => !result.ok)
      .map(([name]) => name);
    ctx.status = 503;
    ctx.body = {
      success: false,
      message: `Not ready: ${down.join(', ')}`,
      code: 'SERVICE_UNAVAILABLE',
      checks: report.checks,
    };
  });

  router.get('/metrics', async (ctx) => {
    ctx.set('Content-Type', metrics.registry.contentType);
    ctx.body = await metrics.registry.metrics();
  });

  return router;
}
