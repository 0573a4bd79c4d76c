// Tables and the append function of the Postgres event store. Append is one statement (one round
// trip, one transaction) so it costs about what a raw INSERT costs.
import type { Knex } from 'knex';
import { migrateUnderLock } from './migrate-under-lock';

const schema = /* sql */ `
create table if not exists es_streams (
  stream_name text primary key,
  revision bigint not null
);

create table if not exists es_stream_metadata (
  stream_name text primary key,
  metadata jsonb not null
);

create sequence if not exists es_global_position;

create table if not exists es_events (
  position bigint primary key,
  event_id uuid not null unique,
  stream_name text not null,
  revision bigint not null,
  category text not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_name, revision)
);

-- Several appends in one transaction (one commit, one WAL flush for all): each item is checked
-- against its own expected revision as es_append would, and answers its own outcome in out_error
-- (null, PS001 with out_detail = actual revision, PS002, or PS003 when the item's unchanged stream
-- moved, with its revision) instead of raising, so one conflict does not undo the others. Items run
-- in stream-name order: concurrent batches lock es_streams rows in one order and cannot deadlock.
-- p_counts says how many of the flat event arrays each item owns.
create or replace function es_append_batch(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_unchanged_streams text[], p_unchanged_revisions bigint[]
) returns table (out_item int, out_revision bigint, out_position bigint, out_error text, out_detail bigint)
language plpgsql as $$
declare
  v_offsets int[] := array[]::int[];
  v_next int := 0;
  v_item int;
  v_from int;
  v_count int;
  v_stream text;
  v_expected text;
  v_ids uuid[];
  v_existing int;
  v_current bigint;
  v_repeats boolean;
begin
  for i in 1 .. cardinality(p_streams) loop
    v_offsets := v_offsets || v_next;
    v_next := v_next + p_counts[i];
  end loop;

  -- Before drawing positions, take the shared appender lock; it is held until the transaction has
  -- ended and its rows are visible. Readers rely on it (see safe-position.ts).
  perform pg_advisory_xact_lock_shared(1163067392, 1);
  -- Ids already in the log: an idempotent retry (or a clash). Usually none, and then no item looks.
  v_repeats := exists (select 1 from es_events where event_id = any(p_ids));

  for v_item in select i from generate_subscripts(p_streams, 1) as i order by p_streams[i], i loop
    v_stream := p_streams[v_item];
    v_expected := p_expected[v_item];
    v_count := p_counts[v_item];
    v_from := v_offsets[v_item] + 1;
    v_ids := p_ids[v_from : v_from + v_count - 1];

    v_existing := 0;
    if v_repeats then
      select count(*) filter (where stream_name = v_stream) into v_existing from es_events where event_id = any(v_ids);
    end if;
    if v_existing = v_count then
      return query select v_item, max(revision), max(position), null::text, null::bigint
        from es_events where event_id = any(v_ids);
      continue;
    elsif v_existing > 0 then
      return query select v_item, null::bigint, null::bigint, 'PS002'::text, null::bigint;
      continue;
    end if;

    -- A decision made on a kept copy of another stream holds only while that stream has not moved.
    if p_unchanged_streams[v_item] is not null then
      select revision into v_current from es_streams where stream_name = p_unchanged_streams[v_item];
      if coalesce(v_current, -1) <> p_unchanged_revisions[v_item] then
        return query select v_item, null::bigint, null::bigint, 'PS003'::text, coalesce(v_current, -1);
        continue;
      end if;
    end if;

    v_current := null;
    if v_expected = 'no_stream' then
      insert into es_streams (stream_name, revision) values (v_stream, v_count - 1) on conflict do nothing
        returning revision into v_current;
    elsif v_expected = 'any' then
      insert into es_streams (stream_name, revision) values (v_stream, v_count - 1)
        on conflict (stream_name) do update set revision = es_streams.revision + v_count
        returning revision into v_current;
    elsif v_expected = 'stream_exists' then
      update es_streams set revision = revision + v_count where stream_name = v_stream
        returning revision into v_current;
    else
      update es_streams set revision = revision + v_count
        where stream_name = v_stream and revision = v_expected::bigint
        returning revision into v_current;
    end if;

    if v_current is null then
      select revision into v_current from es_streams where stream_name = v_stream;
      return query select v_item, null::bigint, null::bigint, 'PS001'::text, coalesce(v_current, -1);
      continue;
    end if;

    insert into es_events (position, event_id, stream_name, revision, category, type, data, metadata)
    select nextval('es_global_position'), e.id, v_stream, v_current - v_count + e.ord,
           split_part(v_stream, '-', 1), e.type, e.data, e.metadata
    from unnest(v_ids, p_types[v_from : v_from + v_count - 1], p_data[v_from : v_from + v_count - 1],
                p_metadata[v_from : v_from + v_count - 1]) with ordinality as e(id, type, data, metadata, ord)
    order by e.ord;

    return query select v_item, v_current, currval('es_global_position'), null::text, null::bigint;
  end loop;
end $$
-- The plans of a session are cached from its first calls, maybe on an empty log, where a scan of the
-- table or of a stream's index looks cheap; such a plan makes every append cost O(stream or log).
-- Only the unique indexes (event id, stream name) may answer, whatever the statistics said then.
set enable_seqscan = off;

-- One append: es_append_batch with one item, its refusal raised as an error.
-- Errors: PS001 wrong expected version (detail = actual revision, -1 when no stream),
--         PS002 some but not all event ids of the batch already exist,
--         PS003 the unchanged stream moved (detail = its revision, -1 when none).
create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_unchanged_stream text, p_unchanged_revision bigint
) returns table (out_revision bigint, out_position bigint)
language plpgsql as $$
declare
  v_row record;
begin
  select * into v_row from es_append_batch(array[p_stream], array[p_expected],
    array[cardinality(p_ids)], p_ids, p_types, p_data, p_metadata,
    array[p_unchanged_stream], array[p_unchanged_revision]);
  if v_row.out_error = 'PS001' then
    raise exception using errcode = 'PS001', message = 'wrong expected version',
      detail = v_row.out_detail::text;
  elsif v_row.out_error = 'PS003' then
    raise exception using errcode = 'PS003', message = 'a stream the decision read has changed',
      detail = v_row.out_detail::text;
  elsif v_row.out_error = 'PS002' then
    raise exception using errcode = 'PS002', message = 'some event ids of the batch were already appended';
  end if;
  return query select v_row.out_revision, v_row.out_position;
end $$;

-- The signatures of the previous release, kept so its processes still append while a rolling
-- upgrade replaces them: the same functions without an unchanged stream.
create or replace function es_append_batch(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) returns table (out_item int, out_revision bigint, out_position bigint, out_error text, out_detail bigint)
language sql as $$
  select * from es_append_batch(p_streams, p_expected, p_counts, p_ids, p_types, p_data, p_metadata,
    array_fill(null::text, array[cardinality(p_streams)]), array_fill(null::bigint, array[cardinality(p_streams)]))
$$;
create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) returns table (out_revision bigint, out_position bigint)
language sql as $$
  select * from es_append(p_stream, p_expected, p_ids, p_types, p_data, p_metadata, null, null)
$$;

-- The last position drawn. Not "select last_value from es_global_position": a select reads the
-- sequence's page without its buffer lock, and every 32nd nextval briefly stores the value 32 ahead
-- there (what it WAL-logs) before the real one; a probe that read it would let readers pass 32
-- positions not yet drawn, and skip them for good. pg_sequence_last_value reads under the lock.
create or replace function es_high_water() returns bigint
language sql as $$ select coalesce(pg_sequence_last_value('es_global_position'), 0) $$;

-- The sequence's high-water mark, then the appenders in flight, in that order.
create or replace function es_probe(out high_water bigint, out appenders text[])
language plpgsql as $$
begin
  high_water := es_high_water();
  select coalesce(array_agg(virtualtransaction), '{}') into appenders
  from pg_locks
  where locktype = 'advisory' and classid = 1163067392 and objid = 1 and objsubid = 2 and granted
    and database = (select oid from pg_database where datname = current_database());
end $$;
`;

/** Creates or updates the event store's tables; safe to run from several processes at once. */
export async function migrateEventStore(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'event-store', async (trx) => {
    await trx.raw(schema);
  });
}
