// The tracking consumer's deliveries, handled in batches: whatever deliveries are waiting are
// claimed in one statement, their events sent to the sink in one request, and the answers settled
// in one statement (tracking-store.ts). Each statement takes a pool connection only for itself (a
// semaphore bounds how many the consumer uses at once), never across the sink's answer.
import type { Knex } from 'knex';
import type { Logger } from '@printshop/shared-events/logger';
import type { ConversionsEvent } from './conversions-event';
import { SINK_BATCH, SinkUnavailable, type HttpSink, type SinkAnswer } from './http-sink';
import {
  claimTrackingEvents,
  rowKeyOf,
  settleTrackingEvents,
  type ClaimRequest,
  type Settlement,
} from './tracking-store';

/** Another delivery of the same event holds its row (it is with the sink): try again later. */
export class TrackingEventBusy extends Error {
  override readonly name = 'TrackingEventBusy';
}

/** Runs `fn` when one of `size` slots is free. */
export function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

export interface BatcherDeps {
  db: Knex;
  sink?: HttpSink;
  logger: Logger;
  /** Bounds the consumer's pool connections (shared with its other reads). */
  withConnection: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Batches claimed, with the sink or being settled at once. */
  batches: number;
  leaseMs: number;
}

interface Job {
  request: ClaimRequest;
  /** true: stored (and forwarded or refused for good); false: a duplicate dropped. */
  resolve(stored: boolean): void;
  reject(error: Error): void;
}

type Answer = SinkAnswer | { unavailable: string };

/** One request for all; a refusal of several is asked again one by one, so it names the bad ones. */
async function sendAll(sink: HttpSink, events: ConversionsEvent[]): Promise<Answer[]> {
  let answer: SinkAnswer;
  try {
    answer = await sink.send(events);
  } catch (error) {
    const unavailable = error instanceof Error ? error.message : String(error);
    if (!(error instanceof SinkUnavailable)) throw error;
    return events.map(() => ({ unavailable }));
  }
  const accepted = answer.status >= 200 && answer.status < 300;
  if (accepted || events.length === 1) return events.map(() => answer);
  return (await Promise.all(events.map((event) => sendAll(sink, [event])))).flat();
}

export function createTrackingBatcher(deps: BatcherDeps) {
  const queue: Job[] = [];
  let running = 0;
  let scheduled = false;

  async function runBatch(jobs: Job[]) {
    // Two copies of one event in a batch would meet in one statement: the later one waits a turn.
    const seen = new Set<string>();
    const distinct = jobs.filter((job) => {
      const key = rowKeyOf(job.request.event);
      if (!seen.has(key)) return seen.add(key);
      job.reject(new TrackingEventBusy('another copy of this event is being handled'));
      return false;
    });
    const outcomes = await deps.withConnection(() =>
      claimTrackingEvents(
        deps.db,
        distinct.map((job) => job.request),
        deps.leaseMs,
      ),
    );
    const toSend: Job[] = [];
    distinct.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome === 'duplicate') job.resolve(false);
      else if (outcome === 'busy') job.reject(new TrackingEventBusy('this event is with the sink already'));
      else if (deps.sink && job.request.forward) toSend.push(job);
      else job.resolve(true);
    });
    if (!deps.sink || toSend.length === 0) return;

    let answers: Answer[];
    try {
      answers = await sendAll(
        deps.sink,
        toSend.map((job) => job.request.event),
      );
    } catch (error) {
      answers = toSend.map(() => ({ unavailable: (error as Error).message ?? String(error) }));
    }
    const settlements: Settlement[] = toSend.map((job, i) => {
      const answer = answers[i]!;
      const { event_name: eventName, event_id: eventId } = job.request.event;
      if ('unavailable' in answer)
        return { eventName, eventId, claim: job.request.claim, error: answer.unavailable };
      const accepted = answer.status >= 200 && answer.status < 300;
      return {
        eventName,
        eventId,
        claim: job.request.claim,
        status: answer.status,
        error: accepted ? null : answer.snippet,
      };
    });
    // Unsettled rows (this statement failing) stay claimed until their lease ends; the deliveries
    // are tried again (the rejection below), then find them free and send them once more.
    await deps.withConnection(() => settleTrackingEvents(deps.db, settlements));
    toSend.forEach((job, i) => {
      const answer = answers[i]!;
      if ('unavailable' in answer) return job.reject(new SinkUnavailable(answer.unavailable));
      if (answer.status < 200 || answer.status >= 300) {
        deps.logger.warn(
          {
            eventName: job.request.event.event_name,
            eventId: job.request.event.event_id,
            status: answer.status,
          },
          'tracking sink refused the event for good',
        );
      }
      job.resolve(true);
    });
  }

  function pump() {
    scheduled = false;
    while (running < deps.batches && queue.length > 0) {
      const jobs = queue.splice(0, SINK_BATCH);
      running++;
      void runBatch(jobs)
        .catch((error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          // Settled jobs ignore a second outcome: only the ones still waiting are tried again.
          for (const job of jobs) job.reject(failure);
        })
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    /** Resolves once the event is stored (true) or dropped as a duplicate (false). */
    submit(request: ClaimRequest): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        // Deliveries arriving in the same turn of the event loop go in one batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
