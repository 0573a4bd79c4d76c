// The Koa app of PrintShop: small middleware, each doing one thing, around the routers of the
// services (command-service, query-service) and the operator endpoints.
import Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from '@printshop/shared-events/logger';
import { parseBody } from './body-parser';
import { privateByDefault } from './cache-control';
import { compressResponses } from './compress-responses';
import { errorHandler } from './error-handler';
import { serializeJson } from './json-body';
import type { Metrics } from './metrics';
import { openApiRouter } from '../openapi/openapi-router';
import { operationsRouter } from './operations';
import type { Readiness } from './readiness';
import { requestId } from './request-id';
import { requestLogger } from './request-logger';
import { routeTable } from './route-table';
import { securityHeaders } from './security-headers';
import { serveFrontend } from './serve-frontend';
import { logLateErrors } from './late-errors';

export interface GatewayOptions {
  logger: Logger;
  /** Routers of the services, mounted in order. */
  routers: readonly Router[];
  /** Run before the routers, after body parsing (authentication). */
  middleware?: readonly Koa.Middleware[];
  readiness: Readiness;
  metrics: Metrics;
  /** The built frontend (frontend/dist), served with an SPA fallback; none when absent. */
  frontendDir?: string;
  /** The SKUs the owner hid now, left off the pages served (serve-frontend.ts). */
  hiddenProducts?: () => Promise<readonly string[]>;
  /** The shop's address, for robots.txt and sitemap.xml. */
  publicUrl?: string;
  /** Trust X-Forwarded-* from a load balancer in front. */
  proxy?: boolean;
  /** Keys that sign cookies (cart_session); the first signs, all verify. */
  cookieKeys?: readonly string[];
}

/** What the route table serves: the gateway's own routes (operations, the contract), then the services'. */
export function gatewayRouters(options: Pick<GatewayOptions, 'readiness' | 'metrics' | 'routers'>): Router[] {
  const { readiness, metrics } = options;
  return [operationsRouter({ readiness, metrics }), openApiRouter(), ...options.routers];
}

export function createGateway(options: GatewayOptions): Koa {
  const { logger, metrics } = options;
  // Behind one load balancer: only the address it appended counts; the leftmost X-Forwarded-For
  // entries are the client's own words and would let it dodge per-IP rate limits.
  const app = new Koa({ proxy: options.proxy ?? false, maxIpsCount: 1 });
  if (options.cookieKeys) app.keys = [...options.cookieKeys];
  // Anything that still escapes (a stream failing after the headers went out) is logged, not printed.
  app.on('error', logLateErrors(logger));

  app.use(requestId());
  app.use(requestLogger(logger, metrics));
  app.use(compressResponses());
  app.use(serializeJson());
  app.use(errorHandler(logger));
  app.use(securityHeaders(options.frontendDir));
  app.use(privateByDefault());
  app.use(parseBody());
  for (const middleware of options.middleware ?? []) app.use(middleware);

  const routes = routeTable(gatewayRouters(options));
  app.use(routes.routes);
  // 405 / 501 with an Allow header naming every method of the path; the error handler gives them a JSON body.
  app.use(routes.allowedMethods);
  if (options.frontendDir) {
    app.use(
      serveFrontend(options.frontendDir, {
        hiddenProducts: options.hiddenProducts,
        publicUrl: options.publicUrl,
        logger,
      }),
    );
  }
  return app;
}
