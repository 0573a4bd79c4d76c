// The Bus port on NATS JetStream: one file-backed stream, durable pull consumers with explicit
// ack, redelivery with backoff (nak with delay) and a dead-letter subject after maxDeliver tries.
// The connection reconnects forever, so an outage of NATS is waited out, never fatal.
import {
  AckPolicy,
  connect,
  headers as natsHeaders,
  nanos,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgHdrs,
  type NatsConnection,
} from 'nats';
import type {
  Bus,
  BusMessage,
  Consumer,
  ConsumerOptions,
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
} from './subjects';

export interface NatsBusOptions {
  servers: string | string[];
  streamName?: string;
  subjects?: string[];
  logger: Logger;
  /** JetStream drops a message whose id it has seen within this window. */
  dedupWindowMs?: number;
  /** How long publish waits for the JetStream ack before rejecting. */
  publishTimeoutMs?: number;
  /** How long a delivery may stay unacknowledged before JetStream redelivers it. */
  ackWaitMs?: number;
  /** Messages a consumer pulls ahead of its handler. */
  prefetch?: number;
}

const MSG_ID = 'Nats-Msg-Id';
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the shop connects (also what a benchmark's raw publishes use, to compare like with like). */
export const NATS_CONNECTION_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  name: 'printshop',
  // Every request (each JetStream publish) would otherwise capture a stack trace for its possible
  // timeout error: a tenth of the tracking path's time. Our errors say which subject failed.
  noAsyncTraces: true,
} as const;

export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const {
    logger,
    streamName = 'PRINTSHOP',
    subjects = ['printshop.>'],
    dedupWindowMs = 120_000,
    publishTimeoutMs = 5_000,
    ackWaitMs = 30_000,
    prefetch = 10,
  } = options;
  const nc = await connect({ servers: options.servers, ...NATS_CONNECTION_OPTIONS });
  void watchStatus(nc, logger);
  try {
    const jsm = await nc.jetstreamManager();
    await ensureStream(jsm, { name: streamName, subjects, dedupWindowMs });
    const js = nc.jetstream();
    return natsBus({ nc, jsm, js, logger, streamName, publishTimeoutMs, ackWaitMs, prefetch });
  } catch (error) {
    await nc.close();
    throw error;
  }
}

async function watchStatus(nc: NatsConnection, logger: Logger) {
  for await (const status of nc.status()) {
    // 'reconnecting' comes every reconnectTimeWait while NATS is away: the 'disconnect' before it
    // has said so once, so it is not repeated at warn twice a second.
    const level =
      status.type === 'reconnecting'
        ? 'debug'
        : status.type === 'reconnect' || status.type === 'pingTimer'
          ? 'info'
          : 'warn';
    logger[level]({ nats: status.type, data: String(status.data) }, 'nats connection status');
  }
}

async function ensureStream(
  jsm: JetStreamManager,
  o: { name: string; subjects: string[]; dedupWindowMs: number },
) {
  const config = { subjects: o.subjects, duplicate_window: nanos(o.dedupWindowMs) };
  try {
    await jsm.streams.add({ name: o.name, storage: StorageType.File, ...config });
  } catch {
    // It exists with another configuration: bring subjects and window up to date.
    await jsm.streams.update(o.name, config);
  }
}

async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  o: { durable: string; subject: string; ackWaitMs: number },
) {
  const config = {
    durable_name: o.durable,
    filter_subject: o.subject,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(o.ackWaitMs),
    // Unlimited on the server: we count tries ourselves so the last one goes to the dead letter.
    max_deliver: -1,
  };
  try {
    await jsm.consumers.add(stream, config);
  } catch {
    await jsm.consumers.update(stream, o.durable, { ack_wait: config.ack_wait, max_deliver: -1 });
  }
}

interface Parts {
  nc: NatsConnection;
  jsm: JetStreamManager;
  js: JetStreamClient;
  logger: Logger;
  streamName: string;
  publishTimeoutMs: number;
  ackWaitMs: number;
  prefetch: number;
}

function natsBus({ nc, jsm, js, logger, streamName, publishTimeoutMs, ackWaitMs, prefetch }: Parts): Bus {
  const consumers = new Set<Consumer>();

  async function publishRaw(
    subject: string,
    payload: Uint8Array,
    msgID: string,
    extra: Record<string, string> = {},
  ) {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(extra)) h.set(key, value);
    const ack = await js.publish(subject, payload, { msgID, headers: h, timeout: publishTimeoutMs });
    if (ack.duplicate) logger.debug({ subject, id: msgID }, 'duplicate publish dropped by JetStream');
  }

  async function consume<Data>(o: ConsumerOptions, handler: MessageHandler<Data>): Promise<Consumer> {
    assertDurable(o.durable);
    const maxDeliver = o.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const backoffMs = o.backoffMs ?? DEFAULT_BACKOFF_MS;
    const deadLetterSubject = o.deadLetterSubject ?? defaultDeadLetterSubject(o.durable);
    const log = logger.child?.({ durable: o.durable }) ?? logger;
    await ensureConsumer(jsm, streamName, { durable: o.durable, subject: o.subject, ackWaitMs });
    const source = await js.consumers.get(streamName, o.durable);

    async function deadLetter(m: JsMsg, id: string, body: Uint8Array, error: string) {
      await publishRaw(deadLetterSubject, body, `${id}:dead:${o.durable}`, {
        ...headerRecord(m.headers),
        [DEAD_LETTER_HEADERS.id]: id,
        [DEAD_LETTER_HEADERS.subject]: m.subject,
        [DEAD_LETTER_HEADERS.durable]: o.durable,
        [DEAD_LETTER_HEADERS.attempts]: String(m.info.deliveryCount),
        [DEAD_LETTER_HEADERS.error]: headerValue(error),
      });
      m.term(headerValue(error));
      log.error(
        { id, subject: m.subject, attempts: m.info.deliveryCount, error, deadLetterSubject },
        'message dead-lettered',
      );
    }

    // Never throws: every outcome ends in ack, nak (retry later) or dead letter + term.
    async function deliver(m: JsMsg) {
      const attempt = m.info.deliveryCount;
      const id = m.headers?.get(DEAD_LETTER_HEADERS.id) || m.headers?.get(MSG_ID) || `${streamName}:${m.seq}`;
      let data: Data;
      try {
        data = JSON.parse(decoder.decode(m.data)) as Data;
      } catch (error) {
        // Not ours to interpret: park its text as a JSON string (readable downstream), keep consuming.
        const text = encoder.encode(JSON.stringify(decoder.decode(m.data)));
        return deadLetter(m, id, text, `malformed payload: ${errorText(error)}`).catch((e: unknown) =>
          retryLater(m, e),
        );
      }
      const keepAlive = setInterval(() => m.working(), Math.max(1_000, ackWaitMs / 2));
      try {
        await handler({ id, subject: m.subject, data, headers: headerRecord(m.headers), attempt });
        m.ack();
      } catch (error) {
        if (attempt >= maxDeliver) {
          await deadLetter(m, id, m.data, errorText(error)).catch((e: unknown) => retryLater(m, e));
        } else {
          log.warn(
            { id, subject: m.subject, attempt, error: errorText(error) },
            'handler failed, will retry',
          );
          m.nak(backoffFor(backoffMs, attempt));
        }
      } finally {
        clearInterval(keepAlive);
      }
    }

    function retryLater(m: JsMsg, error: unknown) {
      log.error({ subject: m.subject, error: errorText(error) }, 'dead-letter publish failed, message kept');
      m.nak(backoffFor(backoffMs, m.info.deliveryCount));
    }

    let stopped = false;
    let messages: ConsumerMessages | undefined;
    // deliver() never throws; up to `concurrency` of them run at once (their acks leave together).
    const concurrency = Math.max(1, o.concurrency ?? 1);
    const running = new Set<Promise<void>>();
    const loop = (async () => {
      // consume() recovers from reconnects itself; this outer loop covers anything that ends it.
      while (!stopped) {
        try {
          messages = await source.consume({ max_messages: Math.max(prefetch, concurrency) });
          for await (const m of messages) {
            const handled: Promise<void> = deliver(m).finally(() => running.delete(handled));
            running.add(handled);
            if (running.size >= concurrency) await Promise.race(running);
          }
        } catch (error) {
          if (!stopped) log.warn({ error: errorText(error) }, 'consumer interrupted, resuming');
        }
        if (!stopped) await sleep(1_000);
      }
      await Promise.all(running);
    })();

    const consumer: Consumer = {
      async stop() {
        if (stopped) return;
        stopped = true;
        await messages?.close();
        await loop;
        consumers.delete(consumer);
      },
    };
    consumers.add(consumer);
    return consumer;
  }

  return {
    async publish(message: BusMessage) {
      assertPublishSubject(message.subject);
      if (!message.id) throw new Error('A bus message needs an id');
      const payload = encoder.encode(JSON.stringify(message.data ?? null));
      await publishRaw(message.subject, payload, message.id, message.headers);
    },
    consume,
    async ping() {
      if (nc.isClosed()) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 2_000)));
      const info = jsm.streams.info(streamName).then(
        () => true,
        () => false,
      );
      const answer = await Promise.race([info, timeout]);
      clearTimeout(timer);
      return answer;
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.stop()));
      if (!nc.isClosed()) await nc.close();
    },
  };
}

function headerRecord(h: MsgHdrs | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of h?.keys() ?? []) if (key !== MSG_ID) record[key] = h!.get(key);
  return record;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
