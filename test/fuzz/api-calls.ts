// The calls the fuzz suite sends: every route of the contract (infra/src/openapi/contract.ts: the
// map GET /api/openapi.json is built from, which openapi.test.ts holds equal to the gateway's route
// table) with the request schemas its router validates body and query with. A route added to the
// gateway is in the contract, so it is fuzzed without touching this file. The calls docs/api.md
// names are read from the page too, so the suite can check that each of them is fuzzed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { CONTRACT } from '@printshop/infra/openapi/contract';
import type { Operation, RouteKey } from '@printshop/infra/openapi/operation';

export interface ApiCall {
  method: string;
  /** With its path parameters: /api/orders/:id */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Takes multipart/form-data (the uploads). */
  multipart?: boolean;
}

const API_MD = path.resolve(import.meta.dirname, '../../docs/api.md');

/** "`GET/POST /api/admin/webhooks`", "`POST /api/track/{a,b}`" -> one call per method and path. */
export function documentedCalls(
  markdown = readFileSync(API_MD, 'utf8'),
): Array<{ method: string; path: string }> {
  const calls = new Map<string, { method: string; path: string }>();
  for (const match of markdown.matchAll(
    /`((?:GET|POST|PUT|PATCH|DELETE)(?:\/(?:GET|POST|PUT|PATCH|DELETE))*) (\/[^\s`?]+)/g,
  )) {
    const [, methods, rawPath] = match;
    const braces = /\{([^}]+)\}/.exec(rawPath!);
    const paths = braces
      ? braces[1]!.split(',').map((part) => rawPath!.replace(braces[0], part))
      : [rawPath!];
    for (const method of methods!.split('/')) {
      for (const callPath of paths) calls.set(`${method} ${callPath}`, { method, path: callPath });
    }
  }
  return [...calls.values()];
}

/** Every route of the contract, with its schemas. */
export function apiCalls(): ApiCall[] {
  return (Object.entries(CONTRACT) as Array<[RouteKey, Operation]>).map(([key, operation]) => {
    const [method, callPath] = key.split(' ') as [string, string];
    return {
      method,
      path: callPath,
      body: operation.body,
      query: operation.query,
      multipart: operation.multipart !== undefined,
    };
  });
}

/** The names of a path's parameters: /api/orders/:id -> ['id']. */
export const pathParams = (callPath: string): string[] =>
  [...callPath.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
