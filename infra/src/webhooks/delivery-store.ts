// The delivery log of outgoing webhooks, owned by the delivery worker: one row per (event,
// endpoint) in webhook_deliveries, one row per try in webhook_attempts. The row is also the queue:
// a pending row is due at next_attempt_at; a worker claims it with a lease (FOR UPDATE SKIP LOCKED,
// so instances never take the same row) and writes the try and the next step in one transaction.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { WebhookDelivery } from '@printshop/shared-events/api/admin';
import { Conflict, NotFound, RuleBroken } from '@printshop/shared-events/errors';
import type { WebhookDeliveryLog } from '@printshop/shared-events/webhook-delivery-log';
import type { PostResult } from './post-webhook';
import type { NextStep } from './retry-schedule';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const WEBHOOK_DELIVERIES_TABLE = 'webhook_deliveries';
export const WEBHOOK_ATTEMPTS_TABLE = 'webhook_attempts';
const ERROR_CHARS = 500;

/** Creates the tables; safe to run from several processes at once. */
export async function migrateWebhookDeliveries(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'webhook-deliveries', async (trx) => {
    await trx.raw(`
      create table if not exists ${WEBHOOK_DELIVERIES_TABLE} (
        id text primary key,
        webhook_id text not null,
        event_id text not null,
        event_type text not null,
        body text not null,
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts integer not null default 0,
        round_attempts integer not null default 0,
        next_attempt_at timestamptz,
        lease text,
        lease_until timestamptz,
        response_status integer,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        delivered_at timestamptz,
        unique (event_id, webhook_id)
      )`);
    // CREATE INDEX waits for a table lock even when the index exists: look first, so a process
    // starting beside busy workers does not stall their writes.
    const indexes = {
      webhook_deliveries_due: `(next_attempt_at) where status = 'pending'`,
      webhook_deliveries_by_endpoint: '(webhook_id, created_at desc)',
    };
    for (const [name, definition] of Object.entries(indexes)) {
      const { rows } = await trx.raw<{ rows: Array<{ found: string | null }> }>(
        'select to_regclass(?) as found',
        [name],
      );
      if (rows[0]?.found) continue;
      await trx.raw(`create index ${name} on ${WEBHOOK_DELIVERIES_TABLE} ${definition}`);
    }
    await trx.raw(`
      create table if not exists ${WEBHOOK_ATTEMPTS_TABLE} (
        delivery_id text not null references ${WEBHOOK_DELIVERIES_TABLE} (id) on delete cascade,
        attempt integer not null,
        started_at timestamptz not null,
        duration_ms integer not null,
        response_status integer,
        response_snippet text,
        error text,
        primary key (delivery_id, attempt)
      )`);
  });
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  /** Public event name. */
  event: string;
  body: string;
}

/** Inserts the deliveries not there yet (a redelivered bus message adds none); returns how many. */
export async function recordDeliveries(db: Knex, deliveries: readonly NewDelivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const inserted = await db(WEBHOOK_DELIVERIES_TABLE)
    .insert(
      deliveries.map((d) => ({
        id: d.id,
        webhook_id: d.webhookId,
        event_id: d.eventId,
        event_type: d.event,
        body: d.body,
        next_attempt_at: db.fn.now(),
      })),
    )
    .onConflict(['event_id', 'webhook_id'])
    .ignore()
    .returning('id');
  return inserted.length;
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  event: string;
  body: string;
  /** Tries so far, all rounds. */
  attempts: number;
  /** Tries so far in this round (since creation or the last manual retry). */
  roundAttempts: number;
  lease: string;
}

/** Takes up to `limit` due deliveries for `leaseMs`; nobody else tries them meanwhile. */
export async function claimDueDeliveries(
  db: Knex,
  o: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (o.limit <= 0) return [];
  const lease = randomUUID();
  const { rows } = await db.raw<{
    rows: Array<{
      id: string;
      webhook_id: string;
      event_type: string;
      body: string;
      attempts: number;
      round_attempts: number;
    }>;
  }>(
    `update ${WEBHOOK_DELIVERIES_TABLE} set lease = ?, lease_until = now() + ? * interval '1 millisecond'
     where id in (
       select id from ${WEBHOOK_DELIVERIES_TABLE}
       where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
       order by next_attempt_at
       limit ?
       for update skip locked)
     returning id, webhook_id, event_type, body, attempts, round_attempts`,
    [lease, o.leaseMs, o.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event_type,
    body: row.body,
    attempts: row.attempts,
    roundAttempts: row.round_attempts,
    lease,
  }));
}

/** Milliseconds until the next unclaimed pending delivery is due (negative: overdue); undefined if none. */
export async function msUntilNextDue(db: Knex): Promise<number | undefined> {
  const { rows } = await db.raw<{ rows: Array<{ ms: string | number | null }> }>(
    `select extract(epoch from min(next_attempt_at) - now()) * 1000 as ms from ${WEBHOOK_DELIVERIES_TABLE}
     where status = 'pending' and (lease_until is null or lease_until < now())`,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? undefined : Number(ms);
}

/** Writes the try and the next step, if the lease is still ours; false when it was not. */
export async function finishAttempt(
  db: Knex,
  claimed: ClaimedDelivery,
  o: { startedAt: Date; result: PostResult; step: NextStep },
): Promise<boolean> {
  const { result, step } = o;
  const error = result.error?.slice(0, ERROR_CHARS) ?? null;
  const lastError = result.ok ? null : (error ?? (result.status ? `HTTP ${result.status}` : 'failed'));
  return db.transaction(async (trx) => {
    const updated = await trx(WEBHOOK_DELIVERIES_TABLE)
      .where({ id: claimed.id, lease: claimed.lease })
      .update({
        attempts: trx.raw('attempts + 1'),
        round_attempts: trx.raw('round_attempts + 1'),
        status: step.status,
        next_attempt_at:
          step.status === 'pending' ? trx.raw(`now() + ? * interval '1 millisecond'`, [step.delayMs]) : null,
        response_status: result.status ?? null,
        last_error: lastError,
        delivered_at: step.status === 'delivered' ? trx.fn.now() : null,
        lease: null,
        lease_until: null,
        updated_at: trx.fn.now(),
      })
      .returning('attempts');
    const attempt = (updated[0] as { attempts: number } | undefined)?.attempts;
    if (attempt === undefined) return false;
    await trx(WEBHOOK_ATTEMPTS_TABLE).insert({
      delivery_id: claimed.id,
      attempt,
      started_at: o.startedAt,
      duration_ms: result.durationMs,
      response_status: result.status ?? null,
      response_snippet: result.snippet ?? null,
      error,
    });
    return true;
  });
}

/** Gives a claimed delivery back untried (the worker is stopping): it is due again at once. */
export async function releaseDelivery(db: Knex, claimed: ClaimedDelivery): Promise<void> {
  await db(WEBHOOK_DELIVERIES_TABLE)
    .where({ id: claimed.id, lease: claimed.lease })
    .update({ lease: null, lease_until: null, updated_at: db.fn.now() });
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  response_snippet: string | null;
  error: string | null;
}

const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'event_id',
  'event_type',
  'status',
  'attempts',
  'response_status',
  'last_error',
  'created_at',
  'delivered_at',
  'next_attempt_at',
] as const;

async function withLog(db: Knex, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts =
    rows.length === 0
      ? []
      : await db<AttemptRow>(WEBHOOK_ATTEMPTS_TABLE)
          .whereIn(
            'delivery_id',
            rows.map((row) => row.id),
          )
          .orderBy(['delivery_id', 'attempt']);
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event_type,
    eventId: row.event_id,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    log: (byDelivery.get(row.id) ?? []).map((a) => ({
      attempt: a.attempt,
      at: a.started_at.toISOString(),
      durationMs: a.duration_ms,
      responseStatus: a.response_status,
      responseSnippet: a.response_snippet,
      error: a.error,
    })),
  }));
}

export interface EndpointState {
  active: boolean;
}

/** The admin calls' view of the log (list and manual retry); start-up has created the tables. */
export function createWebhookDeliveryLog(
  db: Knex,
  findEndpoint: (webhookId: string) => Promise<EndpointState | undefined>,
): WebhookDeliveryLog {
  return {
    async list(webhookId, options = {}) {
      const query = db<DeliveryRow>(WEBHOOK_DELIVERIES_TABLE)
        .select(...DELIVERY_COLUMNS)
        .where({ webhook_id: webhookId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
        .limit(options.limit ?? 100);
      if (options.status) query.andWhere({ status: options.status });
      return withLog(db, await query);
    },
    async retry(deliveryId) {
      const current = await db<DeliveryRow>(WEBHOOK_DELIVERIES_TABLE)
        .select(...DELIVERY_COLUMNS)
        .where({ id: deliveryId })
        .first();
      if (!current) throw new NotFound('Delivery not found');
      const endpoint = await findEndpoint(current.webhook_id);
      if (!endpoint) throw new NotFound('Webhook not found');
      if (!endpoint.active) throw new RuleBroken('Enable this endpoint before retrying its deliveries');
      const [requeued] = await db<DeliveryRow>(WEBHOOK_DELIVERIES_TABLE)
        .where({ id: deliveryId, status: 'failed' })
        .update({
          status: 'pending',
          round_attempts: 0,
          next_attempt_at: db.fn.now(),
          updated_at: db.fn.now(),
        } as never)
        .returning(DELIVERY_COLUMNS);
      if (!requeued) throw new Conflict('Only a failed delivery can be retried');
      return (await withLog(db, [requeued as DeliveryRow]))[0]!;
    },
  };
}
