// Brings PrintShop up for one role: database, event store, bus, migrations, then the projections,
// the reactors and the gateway as the role asks. `stop()` takes it all down in reverse order.
import type { Knex } from 'knex';
import type { Bus } from '@printshop/shared-events/bus';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { Logger } from '@printshop/shared-events/logger';
import { allEvents } from '@printshop/shared-events/all-events';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { hiddenSkus } from '@printshop/shared-events/rules/catalog';
import { allProjections } from '@printshop/projections/registry';
import { startProjections } from '@printshop/projections/runner/projection-runner';
import { readProjectionStatus } from '@printshop/projections/runner/status';
import { readReactorStatus } from '@printshop/projections/reactors/checkpoints';
import { createReactorRunner } from '@printshop/projections/reactors/runner';
import { allReactors } from '@printshop/projections/reactors/registry';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createHmac, randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context';
import { createTokenService } from '../auth/tokens';
import { currentAccount } from '../auth/current-account';
import { authenticate } from '../gateway/authenticate';
import { guestSession } from '../gateway/guest-session';
import { buildRouters } from '../routes';
import { closeCartReadCache } from '@printshop/query-service/cart/cart-routes';
import { startPaymentReconciler } from '../payments/payment-reconciler';
import type { Config } from '../config';
import { createGateway } from '../gateway/create-gateway';
import { createMetrics } from '../gateway/metrics';
import {
  busCheck,
  databaseCheck,
  eventStoreCheck,
  projectionsCheck,
  reactorsCheck,
  type ReadinessCheck,
} from '../gateway/readiness';
import { createDb } from '../postgres/db';
import { watchDatabaseLiveness } from '../postgres/liveness';
import { provideBus } from './bus';
import { provideDatabase } from './database';
import { createEventStore } from './event-store';
import { migrate } from './migrate';
import { prepareDataDir } from './data-dir';
import { claimDataDir } from './data-dir-lock';
import { listenEarly } from './http-server';
import { createFileImageStore } from '../images/file-image-store';
import { scheduleImageRetention } from '../images/retention';
import { createImageDerivatives } from '@printshop/command-service/images/derivatives';
import { ensureConfiguredAdmin } from './ensure-admin';
import { seedCatalog } from '@printshop/command-service/catalog/seed';
import { createMailer } from '../mail/create-mailer';
import { startMailConsumer } from '../mail/mail-consumer';
import { startWebhookDeliveryWorker } from '../webhooks/delivery-worker';
import { createSecretBox } from '../webhooks/secret-box';
import { createHttpSink } from '../tracking/http-sink';
import { startTrackingConsumer } from '../tracking/tracking-consumer';

export interface RunningPrintShop {
  /** The gateway's address, when this role serves HTTP. */
  port?: number;
  /** The process's Postgres pool (benchmarks measure raw statements through it). */
  db: Knex;
  stop(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** The built frontend to serve (frontend/dist). */
  frontendDir?: string;
}

const PART_STOP_TIMEOUT_MS = 8_000;

const withDeadline = <T>(promise: Promise<T>, ms: number, name: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not stop within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

const runs = (config: Config, part: 'gateway' | 'projections' | 'reactors') =>
  config.role === 'all' || config.role === part;

export async function startPrintShop({
  config,
  logger,
  frontendDir,
}: StartOptions): Promise<RunningPrintShop> {
  // Filled as parts come up, so a failure half-way still takes down what did start.
  const stops: Array<{ name: string; stop: () => Promise<unknown> }> = [];
  const stop = async () => {
    for (const { name, stop: stopPart } of stops.reverse()) {
      logger.debug({ part: name }, 'stopping');
      // A part that does not stop in time must not keep the others (the database last) running.
      await withDeadline(stopPart(), PART_STOP_TIMEOUT_MS, name).catch((error: unknown) =>
        logger.error({ err: error, part: name }, 'error while stopping'),
      );
    }
    stops.length = 0;
  };

  try {
    prepareDataDir(config);
    const startsNats = !config.natsServers && (runs(config, 'gateway') || runs(config, 'reactors'));
    if (!config.databaseUrl || startsNats) {
      // We may start embedded services under DATA_DIR: they are this process's alone.
      const release = claimDataDir(config.dataDir);
      stops.push({ name: 'data dir claim', stop: async () => release() });
    }
    const http = runs(config, 'gateway') ? await listenEarly(config.port, config.host) : undefined;
    // Closed here only when start-up fails before the gateway is handed the server (below).
    if (http) stops.push({ name: 'http server (starting)', stop: () => http.close() });
    const publicUrl = config.publicUrl ?? `http://localhost:${http?.port ?? config.port}`;
    const database = await provideDatabase(config, logger);
    if (database.stop) stops.push({ name: 'embedded postgres', stop: database.stop });
    const db: Knex = createDb(database.url, { timeouts: config.database });
    stops.push({ name: 'database pool', stop: () => db.destroy() });
    if (config.database.livenessTimeoutMs > 0) {
      const liveness = watchDatabaseLiveness(db, {
        intervalMs: config.database.livenessIntervalMs,
        timeoutMs: config.database.livenessTimeoutMs,
        logger,
      });
      stops.push({ name: 'database liveness', stop: () => liveness.stop() });
    }

    const store = createEventStore({
      config,
      db,
      databaseUrl: database.url,
      registry: new EventRegistry(allEvents),
      logger,
    });
    stops.push({ name: 'event store', stop: () => store.close() });

    await migrate(db, { postgresEventStore: !config.eventStoreUrl });
    const images = createFileImageStore(config.imageDir);
    if (runs(config, 'gateway')) {
      await ensureConfiguredAdmin(config, store, logger);
      // A new shop's catalog and settings: the code's, as the events later changes build on.
      if (await seedCatalog(store, new Date())) logger.info('catalog seeded from the code');
    }

    let bus: Bus | undefined;
    if (runs(config, 'gateway') || runs(config, 'reactors')) {
      const provided = await provideBus(config, logger);
      bus = provided.bus;
      if (provided.stopServer) stops.push({ name: 'nats-server', stop: provided.stopServer });
      stops.push({ name: 'bus', stop: () => provided.bus.close() });
    }

    if (runs(config, 'projections')) {
      const runner = startProjections({ db, store, projections: allProjections, logger });
      stops.push({ name: 'projections', stop: () => runner.stop() });
      logger.info({ projections: allProjections.map((p) => p.name) }, 'projections started');
    }

    if (runs(config, 'reactors') && bus) {
      for (const reactor of allReactors) {
        const runner = createReactorRunner({ reactor, store, bus, db, logger });
        await runner.start();
        stops.push({ name: `reactor ${reactor.name}`, stop: () => runner.stop() });
      }
      logger.info({ reactors: allReactors.map((r) => r.name) }, 'reactors started');
      const retention = scheduleImageRetention({
        store,
        images,
        derivatives: createImageDerivatives(images),
        retentionDays: config.imageRetentionDays,
        now: () => new Date(),
        logger,
      });
      stops.push({ name: 'image retention', stop: () => retention.stop() });
      // The mail reactor's messages are sent from here: where reactors run, so does the sender.
      const mailer = createMailer(config, logger);
      stops.push({ name: 'mailer', stop: () => mailer.close() });
      const mailConsumer = await startMailConsumer({
        bus,
        db,
        store,
        mailer,
        secret: config.jwtSecret,
        publicUrl,
        logger,
        durable: config.mailDurable,
        shopEmail: config.shopEmail ?? config.adminEmail,
      });
      stops.push({ name: 'mail consumer', stop: () => mailConsumer.stop() });
      const webhookWorker = await startWebhookDeliveryWorker({
        bus,
        db,
        secrets: createSecretBox(config.jwtSecret),
        backoffMs: config.webhookBackoffMs,
        timeoutMs: config.webhookTimeoutMs,
        targets: config.webhookTargets,
        logger,
      });
      stops.push({ name: 'webhook delivery worker', stop: () => webhookWorker.stop() });
      const sink = config.trackingSinkUrl
        ? createHttpSink({ url: config.trackingSinkUrl, token: config.trackingSinkToken })
        : undefined;
      if (sink) stops.push({ name: 'tracking sink connections', stop: async () => sink.close() });
      const trackingConsumer = await startTrackingConsumer({ bus, db, store, sink, logger });
      stops.push({ name: 'tracking consumer', stop: () => trackingConsumer.stop() });
    }

    if (http && bus) {
      const projectionStatus = async () => readProjectionStatus(db, await store.headPosition());
      const reactorStatus = async () => readReactorStatus(db, await store.headPosition());
      const checks: Record<string, ReadinessCheck> = {
        database: databaseCheck(db),
        eventStore: eventStoreCheck(store),
        bus: busCheck(bus),
        projections: projectionsCheck(projectionStatus),
        reactors: reactorsCheck(reactorStatus),
      };
      const tokens = createTokenService(config.jwtSecret);
      const context: AppContext = {
        config,
        logger,
        db,
        store,
        images,
        bus,
        tokens,
        waitFor: (projections, position) => waitForPosition(db, projections, position),
        now: () => new Date(),
        newId: () => randomUUID(),
      };
      stops.push({ name: 'progress listener', stop: () => closeProgressListener(db) });
      stops.push({ name: 'cart read cache', stop: () => closeCartReadCache(db) });
      const app = createGateway({
        logger,
        cookieKeys: [createHmac('sha256', config.jwtSecret).update('cookies').digest('base64url')],
        middleware: [
          guestSession(),
          authenticate({ tokens, currentAccount: (session) => currentAccount({ db, store }, session) }),
        ],
        routers: buildRouters(context),
        readiness: { checks },
        metrics: createMetrics({
          projectionLags: async () =>
            (await projectionStatus()).map(({ name, lag }) => ({ projection: name, lag })),
          reactorLags: async () => (await reactorStatus()).map(({ name, lag }) => ({ reactor: name, lag })),
        }),
        frontendDir,
        hiddenProducts: async () => hiddenSkus((await catalogOf(store).current()).view),
        publicUrl,
        proxy: config.trustProxy,
      });
      // Asks the provider about payments whose confirmation never came (idempotent per gateway).
      const reconciler = startPaymentReconciler(context);
      stops.push({ name: 'payment reconciler', stop: () => reconciler.stop() });
      http.serve(app.callback());
      stops.push({ name: 'http server', stop: () => http.close() });
    }

    return { port: http?.port, db, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
