// Catch-up then live, one batch at a time: the next read starts where the handler's batch ended,
// so an event is delivered once and in position order.
import type { EventEmitter } from 'node:events';
import type { BatchHandler, ReadAllResult, Subscription } from '@printshop/shared-events/event-store';

/** Least time between two live reads of one subscriber. */
const GATHER_MS = 10;

export function subscribe(options: {
  /** Reads after `fromPosition`, from a read that started no earlier than `freshSince` (a `mark`). */
  read: (fromPosition: number, freshSince: number) => Promise<ReadAllResult>;
  /** The clock of `freshSince`: a shared read started before the wake that ended a sleep may miss its event. */
  mark: () => number;
  lagging: () => boolean;
  /** The most events one read hands over: a read that filled it stopped short of the head. */
  batchSize: number;
  wakeups: EventEmitter;
  pollIntervalMs: number;
  fromPosition: number;
  handler: BatchHandler;
}): Subscription {
  let running = true;
  let wake: (() => void) | undefined;
  // A notification that arrives while a batch is being read or handled must not be lost.
  let woken = false;
  // When the latest wake was heard; a read after a sleep must have started since then.
  let heardAt = options.mark();
  const onWake = () => {
    heardAt = options.mark();
    woken = true;
    wake?.();
  };
  options.wakeups.on('wake', onWake);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        woken = false;
        resolve();
      }
      wake = done;
    });

  // Under a stream of appends, reading again at once would take one event per read (and per
  // checkpoint write) in every subscriber; a short pause lets the next read take a batch. An
  // isolated append (nothing read just before) is read at once.
  const gather = async (readAt: number) => {
    const sinceRead = Date.now() - readAt;
    if (running && sinceRead < GATHER_MS)
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS - sinceRead));
  };

  const done = (async () => {
    let position = options.fromPosition;
    let freshSince = heardAt;
    let readAt = 0;
    try {
      while (running) {
        readAt = Date.now();
        const batch = await options.read(position, freshSince);
        if (!running) break;
        if (batch.lastPosition > position) {
          await options.handler(batch);
          position = batch.lastPosition;
          if (batch.events.length > 0) {
            // A backlog is read at once. At the head, under a stream of appends, reading again at
            // once took a few events per read (and per probe, handler write and checkpoint) in the
            // subscribers that have events in every batch, such as the carts projection: the gather
            // pause below applies to them too, so each read takes what the pause let in.
            if (batch.events.length >= options.batchSize) continue;
            await gather(readAt);
            continue;
          }
        }
        // Caught up. Positions drawn by transactions still open become readable within
        // milliseconds; otherwise wait for a notification or the fallback poll.
        await sleep(options.lagging() ? 5 : options.pollIntervalMs);
        freshSince = heardAt;
        await gather(readAt);
      }
    } finally {
      options.wakeups.off('wake', onWake);
    }
  })();

  return {
    done,
    async stop() {
      running = false;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
