// The Bus port in memory, for `npm start` without NATS. Same semantics as the JetStream adapter
// (durable consumers shared by name, redelivery with backoff, dead letter after maxDeliver tries,
// duplicate ids dropped within a window), but nothing survives a restart of the process.
import type {
  Bus,
  BusMessage,
  Consumer,
  ConsumerOptions,
  Delivery,
  MessageHandler,
} from '@printshop/shared-events/bus';
import type { Logger } from '@printshop/shared-events/logger';
import {
  assertDurable,
  assertPublishSubject,
  backoffFor,
  DEAD_LETTER_HEADERS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_DELIVER,
  defaultDeadLetterSubject,
  headerValue,
  subjectMatches,
} from './subjects';

export interface InProcessBusOptions {
  logger: Logger;
  dedupWindowMs?: number;
  /** Messages kept for durables created later (JetStream keeps them in its stream). */
  retain?: number;
}

interface Stored {
  id: string;
  subject: string;
  data: unknown;
  headers: Record<string, string>;
}

interface Pending {
  message: Stored;
  attempt: number;
}

type Worker = { handler: MessageHandler<unknown>; running?: Promise<void> };

interface Durable {
  options: Required<ConsumerOptions>;
  queue: Pending[];
  workers: Set<Worker>;
}

export function createInProcessBus({
  logger,
  dedupWindowMs = 120_000,
  retain = 10_000,
}: InProcessBusOptions): Bus {
  logger.warn('in-process bus: messages are NOT durable across restarts; set NATS_URL for JetStream');
  const log: Stored[] = [];
  const seen = new Map<string, number>();
  const durables = new Map<string, Durable>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  /** `key` plays the part of JetStream's Nats-Msg-Id: a repeat within the window is dropped. */
  function accept(message: Stored, key = message.id) {
    const now = Date.now();
    for (const [seenKey, at] of seen) if (now - at >= dedupWindowMs) seen.delete(seenKey);
    if (seen.has(key)) return;
    seen.set(key, now);
    log.push(message);
    if (log.length > retain) log.shift();
    for (const durable of durables.values()) {
      if (subjectMatches(durable.options.subject, message.subject)) {
        durable.queue.push({ message, attempt: 1 });
        pump(durable);
      }
    }
  }

  function pump(durable: Durable) {
    for (const worker of durable.workers) {
      if (worker.running) continue;
      const next = durable.queue.shift();
      if (!next) return;
      worker.running = run(durable, worker, next).finally(() => {
        worker.running = undefined;
        pump(durable);
      });
    }
  }

  async function run(durable: Durable, worker: Worker, { message, attempt }: Pending) {
    const { durable: name, maxDeliver, backoffMs, deadLetterSubject } = durable.options;
    const delivery: Delivery = { ...structuredClone(message), attempt };
    try {
      await worker.handler(delivery);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (attempt >= maxDeliver) {
        accept(
          {
            id: message.id,
            subject: deadLetterSubject,
            data: message.data,
            headers: {
              ...message.headers,
              [DEAD_LETTER_HEADERS.id]: message.id,
              [DEAD_LETTER_HEADERS.subject]: message.subject,
              [DEAD_LETTER_HEADERS.durable]: name,
              [DEAD_LETTER_HEADERS.attempts]: String(attempt),
              [DEAD_LETTER_HEADERS.error]: headerValue(text),
            },
          },
          `${message.id}:dead:${name}`,
        );
        logger.error(
          { id: message.id, subject: message.subject, attempts: attempt, error: text, deadLetterSubject },
          'message dead-lettered',
        );
        return;
      }
      logger.warn({ durable: name, id: message.id, attempt, error: text }, 'handler failed, will retry');
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          durable.queue.push({ message, attempt: attempt + 1 });
          pump(durable);
        },
        backoffFor(backoffMs, attempt),
      );
      timers.add(timer);
    }
  }

  return {
    async publish(message: BusMessage) {
      if (closed) throw new Error('in-process bus is closed');
      assertPublishSubject(message.subject);
      if (!message.id) throw new Error('A bus message needs an id');
      // A JSON round trip, as on the wire: unserialisable data is refused here too.
      const data: unknown = JSON.parse(JSON.stringify(message.data ?? null));
      accept({ id: message.id, subject: message.subject, data, headers: { ...message.headers } });
    },

    async consume<Data>(options: ConsumerOptions, handler: MessageHandler<Data>): Promise<Consumer> {
      assertDurable(options.durable);
      const resolved: Required<ConsumerOptions> = {
        maxDeliver: DEFAULT_MAX_DELIVER,
        backoffMs: DEFAULT_BACKOFF_MS,
        deadLetterSubject: defaultDeadLetterSubject(options.durable),
        concurrency: 1,
        ...options,
      };
      let durable = durables.get(options.durable);
      if (durable) durable.options = resolved;
      else {
        // A new durable starts from the oldest retained message, like DeliverPolicy.All.
        const queue = log
          .filter((m) => subjectMatches(resolved.subject, m.subject))
          .map((message) => ({ message, attempt: 1 }));
        durable = { options: resolved, queue, workers: new Set() };
        durables.set(options.durable, durable);
      }
      // One worker per delivery handled at once.
      const workers = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, (): Worker => ({
        handler: handler as MessageHandler<unknown>,
      }));
      for (const worker of workers) durable.workers.add(worker);
      pump(durable);
      const owner = durable;
      return {
        async stop() {
          for (const worker of workers) owner.workers.delete(worker);
          await Promise.all(workers.map((worker) => worker.running));
        },
      };
    },

    async ping() {
      return !closed;
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const durable of durables.values()) durable.workers.clear();
    },
  };
}
