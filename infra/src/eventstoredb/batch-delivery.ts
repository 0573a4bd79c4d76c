// Turns a flowing object stream (the EventStoreDB client's $all subscription) into the port's batches:
// collect until `batchSize` events or `idleMs` after the first undelivered one, then pause the source
// while the handler runs, so a slow handler holds the server back instead of filling memory.
import type { Readable } from 'node:stream';
import type { BatchHandler, RecordedEvent, Subscription } from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';

/** What one item of the source means: a position looked through, and the event when it is wanted. */
export interface Scanned {
  position: number;
  event?: RecordedEvent;
}

export interface BatchDeliveryOptions<Item> {
  source: Readable;
  /** undefined: the item carries no position (ignored). Throwing fails the subscription. */
  scan: (item: Item) => Scanned | undefined;
  /** Exclusive: items at or below it are ignored. */
  fromPosition: number;
  batchSize: number;
  idleMs: number;
  handler: BatchHandler;
  /** Cancels the source (called once, on stop or failure). */
  cancel: () => Promise<void>;
  /** Called once when the subscription has ended, whatever the reason. */
  onEnd?: () => void;
  logger?: Logger;
}

export function deliverInBatches<Item>(options: BatchDeliveryOptions<Item>): Subscription {
  const { source, scan, batchSize, idleMs, handler } = options;
  const logger = options.logger ?? silentLogger;
  let events: RecordedEvent[] = [];
  let scannedTo = options.fromPosition;
  let deliveredTo = options.fromPosition;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let ended = false;
  let settled = false;

  let resolveDone!: () => void;
  let rejectDone!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // Callers that only call stop() must not crash the process with an unhandled rejection.
  done.catch(() => undefined);

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  /** Detaches from the source and cancels it (once). */
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimer();
    source.off('data', onData);
    source.off('error', onError);
    source.off('end', onSourceEnd);
    // The source may still emit (e.g. a late cancellation error): keep a listener so it is not thrown.
    source.on('error', () => undefined);
    options
      .cancel()
      .catch((error: unknown) => logger.warn({ err: error }, 'cancelling the $all subscription failed'));
    options.onEnd?.();
  };

  const fail = (error: unknown) => {
    end();
    if (settled) return;
    settled = true;
    logger.error({ err: error, position: deliveredTo }, 'subscription to $all failed');
    rejectDone(error);
  };

  const pending = () => events.length > 0 || scannedTo > deliveredTo;

  const armTimer = () => {
    if (!timer && !ended) timer = setTimeout(flush, idleMs);
  };

  function flush() {
    clearTimer();
    if (ended || inFlight || !pending()) return;
    const batch = { events, lastPosition: scannedTo };
    events = [];
    source.pause();
    inFlight = Promise.resolve()
      .then(() => handler(batch))
      .then(
        () => {
          inFlight = undefined;
          deliveredTo = batch.lastPosition;
          if (ended) return;
          source.resume();
          if (events.length >= batchSize) flush();
          else if (pending()) armTimer();
        },
        (error: unknown) => {
          inFlight = undefined;
          fail(error);
        },
      );
  }

  function onData(item: Item) {
    if (ended) return;
    let scanned: Scanned | undefined;
    try {
      scanned = scan(item);
    } catch (error) {
      fail(error);
      return;
    }
    if (!scanned || scanned.position <= scannedTo) return;
    scannedTo = scanned.position;
    if (scanned.event) events.push(scanned.event);
    if (events.length >= batchSize) flush();
    else armTimer();
  }

  function onError(error: Error) {
    fail(error);
  }

  function onSourceEnd() {
    fail(new Error('the subscription to $all ended without being stopped'));
  }

  source.on('error', onError);
  source.on('end', onSourceEnd);
  source.on('data', onData);

  return {
    done,
    async stop() {
      end();
      // The handler in flight finishes first; if it throws, `done` rejects (through fail).
      if (inFlight) await inFlight;
      if (!settled) {
        settled = true;
        resolveDone();
      }
    },
  };
}
