// The Bus port: integration messages (tracking, outgoing webhooks, e-mail) over NATS JetStream,
// or an in-process bus for the embedded default. Delivery is at least once: every message has an
// id, publishers reuse it on retry and consumers drop ids they have already handled.

export interface BusMessage<Data = unknown> {
  /** Unique and stable across retries: the source event id, or one derived from it. */
  id: string;
  /** Subject, dot-separated: `printshop.<topic>.<type>`, e.g. `printshop.webhook.OrderPaid`. */
  subject: string;
  data: Data;
  headers?: Record<string, string>;
}

export interface Delivery<Data = unknown> extends BusMessage<Data> {
  /** 1 on the first delivery. */
  attempt: number;
}

export interface ConsumerOptions {
  /** Durable consumer name: one delivery per message across all instances sharing it. */
  durable: string;
  /** Subject filter, NATS wildcards allowed (`printshop.webhook.>`). */
  subject: string;
  /** Tries before the message goes to the dead-letter subject. */
  maxDeliver?: number;
  /** Delay before each redelivery, in ms; the last value repeats. */
  backoffMs?: readonly number[];
  /** Where a message goes after maxDeliver failed tries; default `printshop.dead.<durable>`. */
  deadLetterSubject?: string;
  /** Deliveries this consumer hands its handler at once (default 1: one after the other). */
  concurrency?: number;
}

/** Throwing (or rejecting) means "not handled": the message is redelivered after the backoff. */
export type MessageHandler<Data = unknown> = (delivery: Delivery<Data>) => Promise<void>;

export interface Consumer {
  stop(): Promise<void>;
}

export interface Bus {
  /** Resolves once the bus has durably accepted the message; rejects when it cannot. */
  publish(message: BusMessage): Promise<void>;
  consume<Data = unknown>(options: ConsumerOptions, handler: MessageHandler<Data>): Promise<Consumer>;
  /** True when the bus is reachable (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
