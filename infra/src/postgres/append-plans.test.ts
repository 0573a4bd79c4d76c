// An append's cost must not grow with its stream. A session caches the plans of es_append_batch from
// its first calls, when the log may be empty and a scan of a stream's index looks as cheap as the
// event-id probe; that plan then reads the whole stream on every append (seen in the cart benchmark:
// PostgreSQL's time per add tripled in a minute).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const APPENDS = 200;

describe('Postgres appends keep their plans cheap', () => {
  let subject: TestStore;
  let session: pg.Client;
  beforeAll(async () => {
    subject = await createTestStore('append_plans');
    session = new pg.Client({ connectionString: subject.url });
    await session.connect();
  });
  afterAll(async () => {
    await session?.end();
    await subject?.close();
  });

  const indexReads = async () => {
    // This session's counters reach the statistics at its next transaction's end.
    await session.query('select pg_stat_force_next_flush()');
    await session.query('select 1');
    const { rows } = await session.query<{ name: string; reads: string }>(
      `select indexrelname as name, idx_tup_read as reads from pg_stat_user_indexes where relname = 'es_events'`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.reads)]));
  };

  it(`given one session on an empty log, when it appends ${APPENDS} events to one stream, then no append reads the stream's earlier events`, async () => {
    const stream = `cart-${randomUUID()}`;
    const before = await indexReads();
    for (let revision = -1; revision < APPENDS - 1; revision++) {
      await session.query(
        `select * from es_append($1, $2, array[$3::uuid], array['Noted'], array['{"text":"a"}'::jsonb], array['{}'::jsonb], null, null)`,
        [stream, revision === -1 ? 'no_stream' : String(revision), randomUUID()],
      );
    }
    const after = await indexReads();
    const streamReads =
      after['es_events_stream_name_revision_key']! - (before['es_events_stream_name_revision_key'] ?? 0);
    // With the stream's index in the plan this is about APPENDS² / 2 (20,000 here).
    expect(streamReads).toBeLessThan(APPENDS);
  });
});
