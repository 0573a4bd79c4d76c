// What /readyz checks: each check answers ok or not with details; a check that throws or does not
// answer in time counts as down. Builders for the checks PrintShop needs are below.
import type { Knex } from 'knex';
import type { Bus } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';

export interface CheckResult {
  ok: boolean;
  [detail: string]: unknown;
}

export type ReadinessCheck = () => Promise<CheckResult>;

export interface Readiness {
  checks: Record<string, ReadinessCheck>;
  /** Per check; default 2 s. */
  timeoutMs?: number;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export async function checkReadiness({ checks, timeoutMs = 2_000 }: Readiness): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, CheckResult]> => {
      try {
        return [name, await withTimeout(check(), timeoutMs)];
      } catch (error) {
        return [name, { ok: false, error: error instanceof Error ? error.message : String(error) }];
      }
    }),
  );
  const results = Object.fromEntries(entries);
  return { ready: entries.every(([, result]) => result.ok), checks: results };
}

export const databaseCheck =
  (db: Knex): ReadinessCheck =>
  async () => {
    await db.raw('select 1');
    return { ok: true };
  };

export const eventStoreCheck =
  (store: EventStore): ReadinessCheck =>
  async () => ({ ok: true, headPosition: await store.headPosition() });

export const busCheck =
  (bus: Bus): ReadinessCheck =>
  async () => ({ ok: await bus.ping() });

/** What a projection reports: its name and status ('failed' makes the service not ready), plus details such as its lag. */
export interface ProjectionHealth {
  name: string;
  status: string;
}

/** Every projection with its details; any failed projection makes the check fail. */
export const projectionsCheck =
  <P extends ProjectionHealth>(list: () => Promise<P[]>): ReadinessCheck =>
  async () => {
    const projections = await list();
    const failed = projections.filter((projection) => projection.status === 'failed').map(({ name }) => name);
    return { ok: failed.length === 0, failed, projections };
  };

/** What a reactor reports: how far behind the log it is, and the error it is retrying, if any. */
export interface ReactorHealth {
  name: string;
  lag: number;
  lastError: string | null;
}

/**
 * Every reactor with its lag behind the log's head. Informational: the shop takes orders while an
 * e-mail or a webhook waits (the bus check fails when the bus does), so it never makes it unready.
 */
export const reactorsCheck =
  <R extends ReactorHealth>(list: () => Promise<R[]>): ReadinessCheck =>
  async () => ({ ok: true, reactors: await list() });
