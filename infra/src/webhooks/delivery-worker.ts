// Delivers outgoing webhooks. Two halves:
// - Fan-out (bus consumer, durable 'webhooks', subjects `printshop.webhook.>`): each message the
//   webhook reactor published becomes one delivery row per active endpoint subscribed to it (or
//   the one pinged endpoint), then is acknowledged. Rows are unique per (event, endpoint), so a
//   redelivered or republished message adds nothing. Endpoints are read from the webhooks model
//   once it has passed the event's position, so an endpoint registered just before counts.
// - Attempts (scheduler over the table): due rows are claimed with a lease, POSTed (signed, with
//   a timeout), and the try and the next step written together. Each delivery has its own
//   schedule and up to `concurrency` run at once, so a failing or slow endpoint never holds
//   another one's deliveries back. Retries live in the table, not on the bus: a NATS outage does
//   not stop them, and a manual retry is a row update.
// At least once: a crash after a POST and before its row is written repeats that POST after the
// lease; receivers deduplicate by the payload's `id` (or X-PrintShop-Delivery).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Bus, Consumer, MessageHandler } from '@printshop/shared-events/bus';
import type { Logger } from '@printshop/shared-events/logger';
import type { ResolveHost, WebhookTargetPolicy } from '@printshop/command-service/webhook/target-policy';
import { ALL_WEBHOOK_SUBJECTS, webhookMessageSchema } from '@printshop/shared-events/webhook-messages';
import {
  findWebhookEndpoint,
  subscribedWebhookEndpoints,
  webhookEndpointsPosition,
} from '@printshop/projections/webhooks/webhook-endpoints';
import {
  claimDueDeliveries,
  finishAttempt,
  migrateWebhookDeliveries,
  msUntilNextDue,
  recordDeliveries,
  releaseDelivery,
  type ClaimedDelivery,
} from './delivery-store';
import { postWebhook, type PostResult } from './post-webhook';
import { DEFAULT_WEBHOOK_BACKOFF_MS, nextStep, type NextStep } from './retry-schedule';
import type { SecretBox } from './secret-box';
import { signPayload, SIGNATURE_HEADER } from './signature';

export interface WebhookWorkerOptions {
  bus: Bus;
  db: Knex;
  secrets: Pick<SecretBox, 'open'>;
  logger: Logger;
  /** Which addresses inside the network may be reached (WEBHOOK_ALLOWED_HOSTS); the rest are refused. */
  targets: WebhookTargetPolicy;
  /** Default: the operating system's resolver (tests point names elsewhere). */
  resolve?: ResolveHost;
  /** Waits after each failed try of a round; tries = length + 1. */
  backoffMs?: readonly number[];
  /** For one whole HTTP exchange. */
  timeoutMs?: number;
  /** Deliveries tried at once by this process. */
  concurrency?: number;
  /** Longest sleep between looks at the table (other instances' rows, manual retries). */
  pollMs?: number;
  durable?: string;
  /** How long a fan-out waits for the webhooks model to reach the event before asking again later. */
  modelWaitMs?: number;
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/** Fan-out failures are infrastructure ones (database, a lagging model): retried for about an hour. */
const FAN_OUT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 60_000, 300_000];
const FAN_OUT_MAX_DELIVER = 20;
const HEADERS = {
  event: 'X-PrintShop-Event',
  delivery: 'X-PrintShop-Delivery',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function startWebhookDeliveryWorker(o: WebhookWorkerOptions): Promise<WebhookWorker> {
  const logger = o.logger.child?.({ worker: 'webhooks' }) ?? o.logger;
  await migrateWebhookDeliveries(o.db);
  const scheduler = startScheduler(o, logger);
  let consumer: Consumer;
  try {
    consumer = await o.bus.consume(
      {
        durable: o.durable ?? 'webhooks',
        subject: ALL_WEBHOOK_SUBJECTS,
        maxDeliver: FAN_OUT_MAX_DELIVER,
        backoffMs: FAN_OUT_BACKOFF_MS,
      },
      fanOutHandler(o, () => scheduler.wake()),
    );
  } catch (error) {
    await scheduler.stop();
    throw error;
  }
  return {
    async stop() {
      await consumer.stop();
      await scheduler.stop();
    },
  };
}

export function fanOutHandler(o: WebhookWorkerOptions, wake: () => void): MessageHandler {
  const modelWaitMs = o.modelWaitMs ?? 10_000;
  return async (delivery) => {
    const { position, webhookId, payload } = webhookMessageSchema.parse(delivery.data);
    // The model must have seen every endpoint change before the event, else one could be missed.
    for (const deadline = Date.now() + modelWaitMs; (await webhookEndpointsPosition(o.db)) < position;) {
      if (Date.now() >= deadline) throw new Error(`webhooks model has not reached position ${position} yet`);
      await sleep(50);
    }
    const pinged = webhookId ? await findWebhookEndpoint(o.db, webhookId) : undefined;
    const targets = webhookId
      ? pinged?.active && pinged.registeredPosition < position
        ? [pinged]
        : []
      : await subscribedWebhookEndpoints(o.db, payload.type, position);
    const body = JSON.stringify(payload);
    const added = await recordDeliveries(
      o.db,
      targets.map((endpoint) => ({
        id: randomUUID(),
        webhookId: endpoint.id,
        eventId: payload.id,
        event: payload.type,
        body,
      })),
    );
    if (added > 0) wake();
  };
}

function startScheduler(o: WebhookWorkerOptions, logger: Logger) {
  const backoffMs = o.backoffMs ?? DEFAULT_WEBHOOK_BACKOFF_MS;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const concurrency = o.concurrency ?? 8;
  const pollMs = o.pollMs ?? 1_000;
  // Long enough that a live try always ends first; a crashed worker's rows come back after it.
  const leaseMs = timeoutMs + 60_000;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let sweeping: Promise<void> | undefined;
  let sweepAgain = false;
  let timer: NodeJS.Timeout | undefined;
  // Stopping cuts tries in flight short instead of waiting out their timeout.
  const stopping = new AbortController();

  /** Sends the delivery once, unless its endpoint or secret rules that out (then it fails at once). */
  async function send(claimed: ClaimedDelivery): Promise<{ result: PostResult; forced?: NextStep }> {
    const failed = (error: string) => ({
      result: { ok: false, durationMs: 0, error },
      forced: { status: 'failed' } as const,
    });
    const endpoint = await findWebhookEndpoint(o.db, claimed.webhookId);
    // Nothing is sent; the admin sees why and can retry once the endpoint is enabled again.
    if (!endpoint) return failed('endpoint deleted');
    if (!endpoint.active) return failed('endpoint disabled');
    let secret: string;
    try {
      secret = o.secrets.open(endpoint.sealedSecret);
    } catch (error) {
      return failed(errorText(error));
    }
    const result = await postWebhook({
      url: endpoint.url,
      body: claimed.body,
      timeoutMs,
      policy: o.targets,
      resolve: o.resolve,
      signal: stopping.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PrintShop-Webhooks/1',
        [SIGNATURE_HEADER]: signPayload(secret, claimed.body, Math.floor(Date.now() / 1000)),
        [HEADERS.event]: claimed.event,
        [HEADERS.delivery]: claimed.id,
      },
    });
    // A redirect or an address inside the network: the same try would fail the same way.
    return result.final ? { result, forced: { status: 'failed' } } : { result };
  }

  async function attempt(claimed: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const { result, forced } = await send(claimed);
    if (stopping.signal.aborted && !result.ok) {
      // Cut short by stop: not a try of the receiver's; due again at once for whoever runs next.
      await releaseDelivery(o.db, claimed);
      return;
    }
    const step = forced ?? nextStep(result.ok, claimed.roundAttempts + 1, backoffMs);
    const written = await finishAttempt(o.db, claimed, { startedAt, result, step });
    const about = {
      delivery: claimed.id,
      webhook: claimed.webhookId,
      event: claimed.event,
      attempt: claimed.attempts + 1,
      status: result.status,
      next: step.status,
    };
    if (!written) logger.warn(about, 'webhook delivery lease was lost; its try is not recorded');
    else if (step.status === 'failed')
      logger.warn({ ...about, error: result.error }, 'webhook delivery failed');
    else if (step.status === 'pending')
      logger.info({ ...about, error: result.error }, 'webhook try failed, will retry');
    else logger.debug(about, 'webhook delivered');
  }

  /** Claims as many due rows as there are free slots, until none are left or the slots are full. */
  async function sweepOnce(): Promise<void> {
    for (;;) {
      const free = concurrency - running.size;
      if (stopped || free <= 0) return;
      const claimed = await claimDueDeliveries(o.db, { limit: free, leaseMs });
      for (const delivery of claimed) {
        const run: Promise<void> = attempt(delivery)
          .catch((error: unknown) =>
            logger.error(
              { delivery: delivery.id, error: errorText(error) },
              'webhook try could not be recorded',
            ),
          )
          .finally(() => {
            running.delete(run);
            wake();
          });
        running.add(run);
      }
      if (claimed.length < free) return;
    }
  }

  /** Sleeps until the next row is due (at most pollMs), or until woken. */
  async function scheduleNext(): Promise<void> {
    let delay = pollMs;
    if (running.size < concurrency) {
      const due = await msUntilNextDue(o.db).catch(() => undefined);
      if (due !== undefined) delay = Math.min(pollMs, Math.max(10, Math.ceil(due)));
    }
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, delay);
  }

  function wake(): void {
    if (stopped) return;
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    clearTimeout(timer);
    sweepAgain = false;
    sweeping = (async () => {
      try {
        await sweepOnce();
      } catch (error) {
        logger.warn({ error: errorText(error) }, 'webhook scheduler could not read its table');
      }
      await scheduleNext();
    })().finally(() => {
      sweeping = undefined;
      if (sweepAgain) wake();
    });
  }

  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await sweeping;
      await Promise.allSettled([...running]);
    },
  };
}
