// The tracking consumer's own store: one row of `tracking_events` per event, keyed by (event name,
// event id). A row is claimed before its event goes to the sink and settled after, in two short
// statements, so no connection is held while the sink answers:
//   claim_until null      settled: forwarded, refused for good, or kept only (no sink, unverified);
//                         a later copy is a duplicate (counted in `duplicates`) and dropped; a
//                         redelivery of the message that settled it is dropped without counting.
//   claim_until > now()   a delivery holds it and is talking to the sink: a copy retries later.
//   claim_until <= now()  free: the holder gave it back (sink unavailable) or died (lease over);
//                         the next copy claims it and sends it again (at least once).
// Both statements take a whole batch of events (the claim as one JSON recordset, the settlement as
// arrays): one round trip per batch. Each commits without waiting for its disk flush
// (synchronous_commit off for its own implicit transaction): a commit lost in a database crash
// costs at most a repeat of an event the sink already has (sinks deduplicate on event_id too).
const NO_FLUSH_WAIT = `(select set_config('synchronous_commit', 'off', true)) as no_flush_wait`;
import type { Knex } from 'knex';
import type { ConversionsEvent } from './conversions-event';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const TRACKING_TABLE = 'tracking_events';

export interface TrackingEventRow {
  event_name: string;
  event_id: string;
  source: 'browser' | 'server';
  message_id: string;
  event: ConversionsEvent;
  received_at: Date;
  duplicates: number;
  sink_status: number | null;
  sink_error: string | null;
  forwarded_at: Date | null;
  /** The delivery attempt holding the row (a random id). */
  claim: string | null;
  /** null once settled; else until when the claim holds. */
  claim_until: Date | null;
}

/** Creates the table; safe to run from several processes at once. */
export async function migrateTrackingEvents(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'tracking-events', async (trx) => {
    await trx.raw(`
      create table if not exists ${TRACKING_TABLE} (
        event_name text not null,
        event_id text not null,
        source text not null,
        message_id text not null,
        event jsonb not null,
        received_at timestamptz not null default now(),
        duplicates integer not null default 0,
        sink_status integer,
        sink_error text,
        forwarded_at timestamptz,
        primary key (event_name, event_id)
      )`);
    // Rows from before claims were settled in the claiming transaction: null is right for them.
    await trx.raw(`alter table ${TRACKING_TABLE} add column if not exists claim uuid`);
    await trx.raw(`alter table ${TRACKING_TABLE} add column if not exists claim_until timestamptz`);
    await trx.raw(
      `create index if not exists ${TRACKING_TABLE}_received_at on ${TRACKING_TABLE} (received_at desc)`,
    );
    // Every row is updated once soon after its insert (settled): room left in each page lets that
    // update stay on the page without new index entries (a HOT update), which a full page forbids.
    await trx.raw(`alter table ${TRACKING_TABLE} set (fillfactor = 50)`);
  });
}

export interface ClaimRequest {
  event: ConversionsEvent;
  source: 'browser' | 'server';
  /** The bus message (and the event's place in it) that carried the event. */
  messageId: string;
  /** A random uuid naming this attempt. */
  claim: string;
  /** Whether it goes to the sink: else the row is settled at once. */
  forward: boolean;
}

/** claimed: the row is this attempt's; duplicate: settled earlier; busy: another attempt holds it. */
export type ClaimOutcome = 'claimed' | 'duplicate' | 'busy';

/** A row's key as one string: two events with one key are copies of one event. */
export const rowKeyOf = (event: { event_name: string; event_id: string }) =>
  `${event.event_name}\u0000${event.event_id}`;

/**
 * Claims the rows of the events in one statement (keys must be distinct within a call). A claim
 * to forward holds for `leaseMs` (longer than a sink request may take).
 */
export async function claimTrackingEvents(
  db: Knex,
  requests: readonly ClaimRequest[],
  leaseMs: number,
): Promise<ClaimOutcome[]> {
  if (requests.length === 0) return [];
  const { rows } = (await db.raw(
    `insert into ${TRACKING_TABLE} as t (event_name, event_id, source, message_id, event, claim, claim_until)
     select v.event_name, v.event_id, v.source, v.message_id, v.event, v.claim,
            case when v.forward then now() + ? * interval '1 millisecond' end
       from jsonb_to_recordset(?::jsonb)
         as v(event_name text, event_id text, source text, message_id text, event jsonb, claim uuid, forward boolean),
         ${NO_FLUSH_WAIT}
     on conflict (event_name, event_id) do update set
       duplicates = t.duplicates + (t.claim_until is null and t.message_id <> excluded.message_id)::int,
       message_id = case when t.claim_until <= now() then excluded.message_id else t.message_id end,
       claim = case when t.claim_until <= now() then excluded.claim else t.claim end,
       claim_until = case when t.claim_until <= now() then excluded.claim_until else t.claim_until end
     returning t.event_name, t.event_id, t.claim, t.claim_until is null as settled`,
    [
      leaseMs,
      // One JSON text for the batch: as arrays, pg would escape each event's JSON into array syntax.
      JSON.stringify(
        requests.map((r) => ({
          event_name: r.event.event_name,
          event_id: r.event.event_id,
          source: r.source,
          message_id: r.messageId,
          event: r.event,
          claim: r.claim,
          forward: r.forward,
        })),
      ),
    ],
  )) as { rows: Array<{ event_name: string; event_id: string; claim: string; settled: boolean }> };
  const found = new Map(rows.map((row) => [rowKeyOf(row), row]));
  return requests.map((request) => {
    const row = found.get(rowKeyOf(request.event));
    if (row?.claim === request.claim) return 'claimed';
    return row?.settled ? 'duplicate' : 'busy';
  });
}

export interface Settlement {
  eventName: string;
  eventId: string;
  claim: string;
  /** The sink's answer, or undefined when it was unavailable: the row is given back. */
  status?: number;
  error: string | null;
}

/** Records the sink's answers in one statement; only rows still held by their claim change. */
export async function settleTrackingEvents(db: Knex, settlements: readonly Settlement[]): Promise<void> {
  if (settlements.length === 0) return;
  await db.raw(
    `update ${TRACKING_TABLE} as t set
       sink_status = v.status,
       sink_error = v.error,
       forwarded_at = case when v.status between 200 and 299 then now() end,
       claim_until = case when v.status is null then '-infinity'::timestamptz end
     from unnest(?::text[], ?::text[], ?::uuid[], ?::int[], ?::text[])
       as v(event_name, event_id, claim, status, error),
       ${NO_FLUSH_WAIT}
     where t.event_name = v.event_name and t.event_id = v.event_id and t.claim = v.claim`,
    [
      settlements.map((s) => s.eventName),
      settlements.map((s) => s.eventId),
      settlements.map((s) => s.claim),
      settlements.map((s) => s.status ?? null),
      settlements.map((s) => s.error),
      // pg sends arrays with nulls as they are; knex's binding types know no such array.
    ] as unknown as Knex.RawBinding[],
  );
}
