// Prometheus metrics of one process: Node's defaults, the duration of HTTP requests by method,
// route pattern and status, and each projection's and reactor's lag behind the head of the log.
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface ProjectionLag {
  projection: string;
  /** Events of `$all` the projection has not processed yet. */
  lag: number;
}

export interface ReactorLag {
  reactor: string;
  /** Events of `$all` the reactor has not published yet. */
  lag: number;
}

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  projectionLag: Gauge<'projection'>;
  reactorLag: Gauge<'reactor'>;
}

export function createMetrics(
  options: {
    projectionLags?: () => Promise<ProjectionLag[]>;
    reactorLags?: () => Promise<ReactorLag[]>;
  } = {},
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const projectionLag = lagGauge(registry, 'projection', 'processed', async () =>
    (await options.projectionLags?.())?.map(({ projection, lag }) => ({ name: projection, lag })),
  );
  const reactorLag = lagGauge(registry, 'reactor', 'published to the bus', async () =>
    (await options.reactorLags?.())?.map(({ reactor, lag }) => ({ name: reactor, lag })),
  );
  return { registry, httpDuration, projectionLag, reactorLag };
}

// The route pattern, not the path: ids in paths would make one series per resource.
const routeOf = (ctx: { path: string; _matchedRoute?: unknown }): string =>
  typeof ctx._matchedRoute === 'string'
    ? ctx._matchedRoute
    : ctx.path.startsWith('/api/')
      ? 'unmatched'
      : 'static';

/** Observes one request's duration (seconds) under its method, route pattern and status. */
export function observeRequest(
  metrics: Metrics,
  ctx: Parameters<typeof routeOf>[0] & { method: string; status: number },
  seconds: number,
): void {
  metrics.httpDuration.observe(
    { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) },
    seconds,
  );
}

/** printshop_<label>_lag_events: each one's events of `$all` not yet done, read when scraped. */
function lagGauge<L extends 'projection' | 'reactor'>(
  registry: Registry,
  label: L,
  done: string,
  lags: () => Promise<Array<{ name: string; lag: number }> | undefined>,
): Gauge<L> {
  return new Gauge({
    name: `printshop_${label}_lag_events`,
    help: `Events of $all a ${label} has not ${done} yet`,
    labelNames: [label] as const,
    registers: [registry],
    async collect() {
      const current = await lags();
      if (!current) return;
      this.reset();
      for (const { name, lag } of current) this.set({ [label]: name } as Partial<Record<L, string>>, lag);
    },
  });
}
