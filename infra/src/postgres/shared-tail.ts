// The live end of `$all`, read once for every subscriber of the process. Fourteen projections and
// reactors that are caught up all wake on the same notification and ask for the same slice; one
// unfiltered query answers them all and each keeps its own types in memory. A subscriber far
// behind (a rebuild, a restart after a long stop) still reads on its own with the filter in the
// query, so it does not scan the whole log for a few events.
import type { EventFilter, ReadAllResult, RecordedEvent } from '@printshop/shared-events/event-store';

/** A subscriber within this many positions of the last head seen reads the shared tail. */
const LIVE_WINDOW = 1_000;
/** A finished shared read serves later askers this long (they read again after it anyway). */
const REUSE_MS = 10;

interface Read {
  at: number;
  result: Promise<ReadAllResult>;
}

export function sharedTail(options: {
  /** An unfiltered read of `$all` after `from`. */
  read(from: number, maxCount: number): Promise<ReadAllResult>;
  /** The last safe position this process has seen (0 before the first probe). */
  knownHead(): number;
  now?: () => number;
}) {
  const now = options.now ?? (() => performance.now());
  const reads = new Map<number, Read>();

  const shared = (from: number, freshSince: number): Promise<ReadAllResult> => {
    const at = now();
    for (const [key, read] of reads) if (at - read.at > REUSE_MS) reads.delete(key);
    let read = reads.get(from);
    // A read that started before the asker's wake may have missed the event it was woken for.
    if (!read || read.at < freshSince) {
      const fresh: Read = { at, result: options.read(from, LIVE_WINDOW) };
      // A failed read is not kept: the next asker tries again.
      fresh.result.catch(() => reads.get(from) === fresh && reads.delete(from));
      reads.set(from, fresh);
      read = fresh;
    }
    return read.result;
  };

  return {
    /** The tail's clock, for `freshSince`. */
    mark: now,
    /**
     * A slice after `from` from a read started at or after `freshSince`. Undefined when `from` is
     * too far behind: the caller reads on its own.
     */
    read(
      from: number,
      batchSize: number,
      filter?: EventFilter,
      freshSince = -Infinity,
    ): Promise<ReadAllResult> | undefined {
      if (from < options.knownHead() - LIVE_WINDOW) return undefined;
      return shared(from, freshSince).then((result) => keep(result, batchSize, filter));
    },
  };
}

/** The subscriber's own events of a shared slice, at most `batchSize` of them. */
function keep(result: ReadAllResult, batchSize: number, filter?: EventFilter): ReadAllResult {
  const types = filter?.eventTypes && new Set(filter.eventTypes);
  const categories = filter?.streamCategories && new Set(filter.streamCategories);
  const events: RecordedEvent[] = [];
  for (const event of result.events) {
    if (types && !types.has(event.type)) continue;
    if (categories && !categories.has(event.streamName.split('-')[0]!)) continue;
    events.push(event);
    // Past its batch size the subscriber stops at its last event and reads on from there.
    if (events.length === batchSize) return { events, lastPosition: event.position };
  }
  return { events, lastPosition: result.lastPosition };
}
