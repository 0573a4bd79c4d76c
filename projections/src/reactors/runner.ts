// Runs one reactor: holds its advisory lock (one active instance; others stand by), subscribes to
// `$all` from its checkpoint, publishes each batch's messages (all at once, combined first when the
// reactor combines them) and only then moves the checkpoint, once per batch. A batch with nothing
// to publish (other reactors' events) moves it at most every `idleCheckpointMs`: re-reading such
// events after a restart publishes nothing, and a write per batch would cost every reactor a
// statement per burst of the others' events.
// While the bus refuses (NATS down) it retries with capped backoff and does not advance, so every
// message is published at least once; ids derived from event ids make republishes droppable.
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Bus, BusMessage } from '@printshop/shared-events/bus';
import type { EventStore, RecordedEvent, Subscription } from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import { openDedicatedClient, tryAdvisoryLock } from '../runner/connection';
import {
  readReactorCheckpoint,
  REACTOR_LOCK_NAMESPACE,
  saveReactorCheckpoint,
  saveReactorError,
} from './checkpoints';
import { assertAddressed, assertPublishable, assertReactorName, type Reactor } from './reactor';

export type ReactorState = 'standby' | 'running' | 'retrying' | 'failed' | 'stopped';

export interface ReactorStatus {
  name: string;
  state: ReactorState;
  /** The checkpoint: every event up to here has been published. */
  position: number;
  lastError: string | null;
}

export interface ReactorRunner {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): ReactorStatus;
}

export interface ReactorRunnerOptions {
  reactor: Reactor;
  store: EventStore;
  bus: Bus;
  db: Knex;
  logger?: Logger;
  batchSize?: number;
  /** How often a standby instance tries to take the lock. */
  standbyMs?: number;
  /** Retry delays for publish and infrastructure failures: doubling from min, capped at max. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** Least time between two checkpoint writes for batches that published nothing. */
  idleCheckpointMs?: number;
}

/** The reactor itself threw (or produced an unpublishable message): a bug, so the runner stops. */
export class ReactorFailed extends Error {
  constructor(
    readonly position: number,
    cause: unknown,
  ) {
    super(`reactor failed at position ${position}: ${errorText(cause)}`);
  }
}

/**
 * The bus messages of a run of events, as the reactor publishes them: reacted, combined, and named
 * for the reactor (the republish command sends the same ones, so the bus and consumers drop copies).
 */
export async function messagesOf(reactor: Reactor, events: readonly RecordedEvent[]): Promise<BusMessage[]> {
  const messages: BusMessage[] = [];
  for (const event of events) {
    try {
      const produced = await reactor.react(event);
      produced.forEach(reactor.combine ? assertAddressed : assertPublishable);
      messages.push(...produced);
    } catch (error) {
      throw new ReactorFailed(event.position, error);
    }
  }
  let combined = messages;
  if (reactor.combine && messages.length > 0) {
    try {
      combined = reactor.combine(messages);
      combined.forEach(assertPublishable);
    } catch (error) {
      throw new ReactorFailed(events[0]!.position, error);
    }
  }
  // JetStream drops a repeated id across the whole stream: two reactors reacting to the same
  // event must not share one, so the id carries the reactor's name.
  return combined.map((message) => ({ ...message, id: `${reactor.name}:${message.id}` }));
}

/** Thrown out of a batch handler to end the subscription without treating it as a failure. */
class Stopped extends Error {}

export function createReactorRunner(options: ReactorRunnerOptions): ReactorRunner {
  const {
    reactor,
    store,
    bus,
    db,
    batchSize = 200,
    standbyMs = 2_000,
    retryMinMs = 100,
    retryMaxMs = 5_000,
    idleCheckpointMs = 1_000,
  } = options;
  const name = assertReactorName(reactor.name);
  const logger = options.logger?.child?.({ reactor: name }) ?? options.logger ?? silentLogger;
  const status: ReactorStatus = { name, state: 'stopped', position: 0, lastError: null };
  let stopping = false;
  let loop: Promise<void> | undefined;
  let subscription: Subscription | undefined;
  const sleepers = new Set<() => void>();

  /** A sleep that stop() cuts short. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  const fail = (state: ReactorState, error: string) => {
    status.state = state;
    status.lastError = error;
    if (state !== 'failed') void saveReactorError(db, name, error).catch(() => undefined);
  };

  /** Publishes until the bus has accepted every message; only what failed is sent again. */
  async function publishAll(messages: BusMessage[], position: number, isCurrent: () => boolean) {
    let pending = messages;
    for (let delay = retryMinMs; pending.length > 0; delay = Math.min(delay * 2, retryMaxMs)) {
      const results = await Promise.allSettled(pending.map((message) => bus.publish(message)));
      const rejected = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      pending = pending.filter((_, i) => results[i]?.status === 'rejected');
      if (pending.length === 0) return;
      fail('retrying', `publish failed: ${errorText(rejected[0])}`);
      logger.warn(
        { position, unpublished: pending.length, retryInMs: delay, error: errorText(rejected[0]) },
        'bus refused, retrying',
      );
      await pause(delay);
      if (stopping || !isCurrent()) throw new Stopped();
    }
  }

  /** One term of office: from taking the lock until stop, losing the lock, or a failure. */
  async function serve(lost: () => boolean) {
    const checkpoint = await readReactorCheckpoint(db, name);
    status.position = checkpoint.position;
    status.state = 'running';
    logger.info({ position: checkpoint.position }, 'reactor running');
    let saved = { position: checkpoint.position, at: Date.now() };
    const current = store.subscribeToAll(
      { fromPosition: checkpoint.position, filter: { eventTypes: reactor.eventTypes }, batchSize },
      async (batch) => {
        const isCurrent = () => !lost() && subscription === current;
        if (stopping || !isCurrent()) throw new Stopped();
        const messages = await messagesOf(reactor, batch.events);
        await publishAll(messages, batch.lastPosition, isCurrent);
        if (messages.length > 0 || Date.now() - saved.at >= idleCheckpointMs) {
          await saveReactorCheckpoint(db, name, batch.lastPosition);
          saved = { position: batch.lastPosition, at: Date.now() };
        }
        status.position = batch.lastPosition;
        if (status.state !== 'running')
          logger.info({ position: status.position }, 'bus accepts again, reactor running');
        status.state = 'running';
        status.lastError = null;
      },
    );
    subscription = current;
    // stop() or a lost lock may have come while we were reading the checkpoint.
    if (stopping || lost()) void current.stop();
    try {
      await current.done;
    } catch (error) {
      if (!(error instanceof Stopped)) throw error;
    } finally {
      subscription = undefined;
      // Only batches without messages are left unsaved: writing them late republishes nothing.
      if (status.position > saved.position)
        await saveReactorCheckpoint(db, name, status.position).catch(() => undefined);
    }
  }

  async function run() {
    let delay = retryMinMs;
    while (!stopping) {
      let lockLost = false;
      let client: pg.Client | undefined;
      try {
        client = await openDedicatedClient(db, () => {
          // The session (and with it the lock) is gone: another instance may take over now.
          lockLost = true;
          void subscription?.stop();
        });
        if (!(await tryAdvisoryLock(client, REACTOR_LOCK_NAMESPACE.runner, name))) {
          status.state = 'standby';
          await client.end();
          client = undefined;
          await pause(standbyMs);
          continue;
        }
        await serve(() => lockLost);
        delay = retryMinMs;
        if (lockLost && !stopping) logger.warn('lost the reactor lock, standing by');
      } catch (error) {
        if (error instanceof ReactorFailed) {
          // Row first, then status: whoever sees 'failed' can read the reason from the table too.
          await saveReactorError(db, name, error.message).catch(() => undefined);
          fail('failed', error.message);
          logger.error({ position: error.position, error: error.message }, 'reactor failed and stopped');
          return;
        }
        fail('retrying', errorText(error));
        logger.warn(
          { error: errorText(error), retryInMs: delay },
          'reactor interrupted, restarting from its checkpoint',
        );
        await pause(delay);
        delay = Math.min(delay * 2, retryMaxMs);
      } finally {
        // Ending the session releases the advisory lock.
        await client?.end().catch(() => undefined);
      }
    }
  }

  return {
    name,
    async start() {
      if (loop) return;
      stopping = false;
      loop = run().finally(() => {
        loop = undefined;
      });
    },
    async stop() {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      await subscription?.stop();
      await loop;
      if (status.state !== 'failed') status.state = 'stopped';
    },
    status: () => ({ ...status }),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
