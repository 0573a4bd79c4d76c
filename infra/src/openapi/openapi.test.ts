// The machine-readable contract against the gateway's real route table: every route served has
// its operation in GET /api/openapi.json's document, and the document is valid OpenAPI 3.1.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import type { AppContext } from '../app-context';
import { loadConfig } from '../config';
import { gatewayRouters } from '../gateway/create-gateway';
import { createMetrics } from '../gateway/metrics';
import { routesOf } from '../gateway/route-table';
import { buildRouters } from '../routes';
import { buildOpenApiDocument, openApiPath } from './document';

type Document = ReturnType<typeof buildOpenApiDocument> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

let dataDir: string;
let document: Document;

/** Routers are only built here, never called: what they are built from may be empty. */
function routesOfTheGateway(extra: Router[] = []): string[] {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'a'.repeat(48) });
  const app = {
    config,
    logger: silentLogger,
    db: {},
    store: {},
    images: {},
    bus: {},
    tokens: {},
  } as AppContext;
  const routers = [
    ...buildRouters({ ...app, waitFor: async () => true, now: () => new Date(), newId: () => 'id' }),
    ...extra,
  ];
  return routesOf(gatewayRouters({ readiness: { checks: {} }, metrics: createMetrics(), routers }));
}

/** Routes served without an operation in the document. */
const undocumented = (routes: string[]) =>
  routes.filter((route) => {
    const [method, routePath] = route.split(' ') as [string, string];
    return !document.paths[openApiPath(routePath)]?.[method.toLowerCase()];
  });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-openapi-'));
  document = buildOpenApiDocument() as Document;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('OpenAPI document', () => {
  it('given the gateway route table, when each route is looked up in the document, then every one has its operation', () => {
    const routes = routesOfTheGateway();
    expect(routes.length).toBeGreaterThan(60);
    expect(undocumented(routes)).toEqual([]);
  });

  it('given a route added without its schema, when checked, then it is reported as undocumented', () => {
    const added = new Router();
    added.post('/api/cart/gift-wrap', (ctx) => {
      ctx.body = { success: true };
    });
    expect(undocumented(routesOfTheGateway([added]))).toEqual(['POST /api/cart/gift-wrap']);
  });

  it('given the document, when each operation is looked up in the route table, then no call is documented that is not served', () => {
    const served = new Set(
      routesOfTheGateway().map((route) => {
        const [method, routePath] = route.split(' ') as [string, string];
        return `${method} ${openApiPath(routePath)}`;
      }),
    );
    const documented = Object.entries(document.paths).flatMap(([documentPath, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${documentPath}`),
    );
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('given the document, when validated against the OpenAPI 3.1 specification, then it is valid', async () => {
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('given a route with a body, query and answer schema, then the document carries each of them', () => {
    const addItem = document.paths['/api/cart/item']!.post!;
    const schemas = (document.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(addItem.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PostCartItemBody' } } },
    });
    expect(schemas.PostCartItemBody!.required).toEqual(
      expect.arrayContaining(['sku', 'quantity', 'croppedImageId']),
    );
    expect(addItem.responses).toMatchObject({ '201': { content: { 'application/json': {} } } });
    const reviews = document.paths['/api/reviews']!.get!.parameters as Array<{ name: string }>;
    expect(reviews.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'rating', 'search', 'product']),
    );
  });

  it('given any operation, then its 4xx and 5xx answers are the JSON error shape of docs/api.md', () => {
    const schemas = (document.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas.Error!.required).toEqual(['success', 'message', 'code']);
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        expect(operation.responses).toMatchObject({
          '4XX': { $ref: '#/components/responses/Error' },
          '5XX': { $ref: '#/components/responses/Error' },
        });
      }
    }
  });
});
