// The REST surface of API.md: every service router, in the order of the contract's tables.
// Domain modules add theirs here.
import type Router from '@koa/router';
import type { AppContext } from './app-context';

export function buildRouters(_app: AppContext): Router[] {
  return [];
}
