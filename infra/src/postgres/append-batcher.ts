// Group commit for appends. Appends that arrive while earlier ones are being written wait and then
// go together as one es_append_batch call: one round trip, one transaction, one WAL flush for the
// lot, each item still checked against its own expected revision (event-store-schema.ts). An
// append on an idle store goes at once and alone (es_append), so batching adds no latency; under
// load, batches grow by themselves and the appends take at most `maxInFlight` pool connections.
// One batch in flight is the default: the next forms while it commits, so batches are as large as
// the load makes them (two or three in flight made smaller ones: more commits for the same appends,
// about a fifth more Postgres time per cart add in the cart benchmark).
import type { Knex } from 'knex';
import type pg from 'pg';

/** One append's arguments, as es_append takes them. */
export interface AppendItem {
  stream: string;
  expected: string;
  ids: string[];
  types: string[];
  data: string[];
  metadata: string[];
  /** Another stream that must still be at `unchangedRevision` (AppendOptions.unchanged). */
  unchangedStream?: string;
  unchangedRevision?: number;
}

export interface AppendRow {
  out_revision: number;
  out_position: number;
}

/** The refusals of an item (es_append raises the same codes with the same messages). */
const REFUSALS = {
  PS001: 'wrong expected version',
  PS002: 'some event ids of the batch were already appended',
  PS003: 'a stream the decision read has changed',
} as const;

/** An item's refusal, shaped like the error es_append raises, so callers handle both alike. */
class AppendRefused extends Error {
  constructor(
    readonly code: keyof typeof REFUSALS,
    readonly detail: string,
  ) {
    super(REFUSALS[code]);
  }
}

// The events' data and metadata go as one JSON array each, made by joining the JSON texts we have,
// and Postgres splits them into jsonb[]: as jsonb[] parameters, pg would escape every quote and
// backslash of every event into array syntax, character by character, on the gateway's thread.
const jsonArray = (texts: readonly string[]) => `[${texts.join(',')}]`;
const JSONB_ARRAY = (param: string) =>
  `array(select e from jsonb_array_elements(${param}::jsonb) with ordinality as t(e, n) order by n)`;

interface Pending {
  item: AppendItem;
  resolve(row: AppendRow): void;
  reject(error: unknown): void;
}

interface BatchRow extends Partial<AppendRow> {
  out_item: number;
  out_error: keyof typeof REFUSALS | null;
  out_detail: number | null;
}

export interface AppendBatcherOptions {
  /** Batches written at the same time (each holds one pool connection while it runs). */
  maxInFlight?: number;
  /** Appends per batch at most. */
  maxBatch?: number;
}

export function appendBatcher(db: Knex, options: AppendBatcherOptions = {}) {
  const maxInFlight = options.maxInFlight ?? 1;
  const maxBatch = options.maxBatch ?? 100;
  const queue: Pending[] = [];
  let inFlight = 0;

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  const write = async (batch: Pending[]) => {
    if (batch.length === 1) return alone(batch[0]!);
    let rows: BatchRow[];
    try {
      rows = await together(batch.map((pending) => pending.item));
    } catch {
      // One item broke the statement (an event id already used by another stream...): each goes
      // on its own, so only that one sees its error and the others are written.
      await Promise.all(batch.map(alone));
      return;
    }
    for (const row of rows) {
      const pending = batch[row.out_item - 1]!;
      if (row.out_error) pending.reject(new AppendRefused(row.out_error, String(row.out_detail ?? -1)));
      else pending.resolve({ out_revision: row.out_revision!, out_position: row.out_position! });
    }
  };

  const alone = async (pending: Pending) => {
    try {
      const { item } = pending;
      const result = await preparedQuery<AppendRow>(db, {
        name: 'es_append_v3',
        text: `select * from es_append($1, $2, $3::uuid[], $4::text[], ${JSONB_ARRAY('$5')}, ${JSONB_ARRAY('$6')}, $7, $8)`,
        values: [
          item.stream,
          item.expected,
          item.ids,
          item.types,
          jsonArray(item.data),
          jsonArray(item.metadata),
          item.unchangedStream ?? null,
          item.unchangedRevision ?? null,
        ],
      });
      pending.resolve(result.rows[0]!);
    } catch (error) {
      pending.reject(error);
    }
  };

  const together = async (items: AppendItem[]) =>
    (
      await preparedQuery<BatchRow>(db, {
        name: 'es_append_batch_v3',
        text: `select * from es_append_batch($1, $2, $3::int[], $4::uuid[], $5::text[], ${JSONB_ARRAY('$6')}, ${JSONB_ARRAY('$7')}, $8::text[], $9::bigint[])`,
        values: [
          items.map((item) => item.stream),
          items.map((item) => item.expected),
          items.map((item) => item.ids.length),
          items.flatMap((item) => item.ids),
          items.flatMap((item) => item.types),
          jsonArray(items.flatMap((item) => item.data)),
          jsonArray(items.flatMap((item) => item.metadata)),
          items.map((item) => item.unchangedStream ?? null),
          items.map((item) => item.unchangedRevision ?? null),
        ],
      })
    ).rows;

  return {
    append(item: AppendItem): Promise<AppendRow> {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}

/**
 * The hottest statements of the shop, run as named prepared statements on a pooled connection: no
 * query building on our side, no parse and plan on Postgres's for every append.
 */
export async function preparedQuery<Row extends object>(db: Knex, config: pg.QueryConfig) {
  const connection = (await db.client.acquireConnection()) as pg.ClientBase;
  try {
    return await connection.query<Row>(config);
  } finally {
    await db.client.releaseConnection(connection);
  }
}
