// Builds the OpenAPI 3.1 document of the REST contract from the zod schemas the gateway validates
// with, using zod's own z.toJSONSchema (JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, so no
// converter library is needed). Schemas are read as input ("io: input"): what a request may send,
// and what a client parsing an answer accepts (fields with defaults may be absent).
import { z } from 'zod';
import { PATH_ID_PATTERN, errorResponseSchema, paginationSchema } from '@printshop/shared-events/api/common';
import { addressSchema, userSchema } from '@printshop/shared-events/api/account';
import { cartItemSchema } from '@printshop/shared-events/api/cart';
import { productSchema } from '@printshop/shared-events/api/catalog';
import { orderSchema } from '@printshop/shared-events/api/orders';
import { reviewSchema } from '@printshop/shared-events/api/reviews';
import { webhookDeliverySchema, webhookSchema } from '@printshop/shared-events/api/admin';
import { CONTRACT } from './contract';
import type { Contract, Operation, RouteKey } from './operation';

type Json = Record<string, unknown>;

/** Shapes many answers share, named so that the document and the page show them once. */
const NAMED: ReadonlyArray<[z.ZodType, string]> = [
  [errorResponseSchema, 'Error'],
  [productSchema, 'Product'],
  [cartItemSchema, 'CartItem'],
  [orderSchema, 'Order'],
  [userSchema, 'User'],
  [addressSchema, 'Address'],
  [reviewSchema, 'Review'],
  [webhookSchema, 'Webhook'],
  [webhookDeliverySchema, 'WebhookDelivery'],
  [paginationSchema, 'Pagination'],
];

const REF = '#/components/schemas/';
const TO_JSON = { io: 'input', unrepresentable: 'any' } as const;

/**
 * "POST /api/cart/item/:id" -> "PostCartItemById": the "/api" of every call left out, and "Site"
 * put before paths outside it ("GET /images/:id" -> "GetSiteImagesById"), so names stay unique.
 */
function nameOf(key: RouteKey): string {
  const [method, path] = key.split(' ') as [string, string];
  const words = (path.startsWith('/api/') ? path.slice(4) : `/site${path}`)
    .split(/[/\-_.]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capital(word.slice(1))}` : capital(word)));
  return capital(method.toLowerCase()) + words.join('');
}
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "/api/orders/:id" -> "/api/orders/{id}" */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    // An id that does not look like one names nothing (404), so its pattern is part of the contract.
    schema: name === 'id' ? { type: 'string', pattern: PATH_ID_PATTERN.source } : { type: 'string' },
  }));
}

function queryParameters(query: z.ZodType | undefined): Json[] {
  if (!query) return [];
  const schema = z.toJSONSchema(query, TO_JSON) as { properties?: Json; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function multipartSchema({ files, fields }: NonNullable<Operation['multipart']>): Json {
  const text = fields ? (z.toJSONSchema(fields, TO_JSON) as { properties?: Json }).properties : {};
  const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
  return {
    type: 'object',
    properties: { ...Object.fromEntries(files.map((file) => [file, binary])), ...text },
    required: [...files],
  };
}

const SECURITY: Record<NonNullable<Operation['auth']>, Json[]> = {
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  optional: [{ bearer: [] }, {}],
};

export function buildOpenApiDocument(contract: Contract = CONTRACT): Json {
  const registry = z.registry<{ id: string }>();
  /** The schema's component name: its own when named or met before, else `name`. */
  const ref = (schema: z.ZodType, name: string) => {
    if (!registry.has(schema)) registry.add(schema, { id: name });
    return { $ref: `${REF}${registry.get(schema)!.id}` };
  };
  for (const [schema, name] of NAMED) registry.add(schema, { id: name });

  const paths: Record<string, Record<string, Json>> = {};
  const tags: string[] = [];
  for (const [key, operation] of Object.entries(contract) as Array<[RouteKey, Operation]>) {
    const [method, path] = key.split(' ') as [string, string];
    const name = nameOf(key);
    if (!tags.includes(operation.tag)) tags.push(operation.tag);
    const success: Json = { description: operation.summary };
    if (operation.answer) {
      success.content = { 'application/json': { schema: ref(operation.answer, `${name}Answer`) } };
    } else if (operation.media) {
      success.content = { [operation.media]: {} };
    }
    const entry: Json = {
      operationId: name.charAt(0).toLowerCase() + name.slice(1),
      tags: [operation.tag],
      summary: operation.summary,
      parameters: [...pathParameters(path), ...queryParameters(operation.query)],
      responses: {
        [String(operation.status ?? 200)]: success,
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    };
    if (operation.auth) entry.security = SECURITY[operation.auth];
    if (operation.body) {
      entry.requestBody = {
        required: true,
        content: { 'application/json': { schema: ref(operation.body, `${name}Body`) } },
      };
    } else if (operation.multipart) {
      entry.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: multipartSchema(operation.multipart) } },
      };
    }
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = entry;
  }

  const { schemas } = z.toJSONSchema(registry, { ...TO_JSON, uri: (id) => `${REF}${id}` });
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PrintShop REST API',
      version: '1.0.0',
      description:
        'The REST contract of docs/api.md, generated from the zod schemas the gateway validates with. ' +
        'JSON in and out; every 4xx/5xx answers the Error shape; guests are known by the signed ' +
        '`cart_session` cookie, signed-in users by a bearer token.',
    },
    servers: [{ url: '/' }],
    tags: tags.map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas,
      responses: {
        Error: {
          description: 'Failure: `errors` maps each invalid field to its message (validation only)',
          content: { 'application/json': { schema: { $ref: `${REF}Error` } } },
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cartSession: { type: 'apiKey', in: 'cookie', name: 'cart_session' },
      },
    },
  };
}
