// The message bus of this process: NATS_URL (JetStream), else a nats-server found on PATH that we
// start with its store under DATA_DIR/nats (its pid in DATA_DIR/nats.pid, its address in
// DATA_DIR/nats.url; started again whenever it dies), else the in-process bus (not durable; it warns).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Bus } from '@printshop/shared-events/bus';
import type { Logger } from '@printshop/shared-events/logger';
import { createInProcessBus } from '../bus/in-process-bus';
import { namespacedBus, namespaceStream } from '../bus/namespaced-bus';
import { createNatsBus } from '../bus/nats-bus';
import type { Config } from '../config';
import { startNatsServer } from '../embedded/nats';

/** The embedded nats-server's address, in DATA_DIR, while it runs. */
export const NATS_URL_FILE = 'nats.url';

export interface ProvidedBus {
  bus: Bus;
  /** Set when we started a nats-server. */
  stopServer?: () => Promise<void>;
}

/** The JetStream bus at `servers`, under BUS_NAMESPACE's subjects and stream when one is set. */
export async function connectNatsBus(
  servers: string | string[],
  namespace: string | undefined,
  logger: Logger,
): Promise<Bus> {
  return namespace
    ? namespacedBus(await createNatsBus({ servers, logger, ...namespaceStream(namespace) }), namespace)
    : createNatsBus({ servers, logger });
}

export async function provideBus(config: Config, logger: Logger): Promise<ProvidedBus> {
  const nats = (servers: string | string[]) => connectNatsBus(servers, config.busNamespace, logger);
  if (config.natsServers) return { bus: await nats(config.natsServers) };
  const server = await startNatsServer({
    storeDir: path.join(config.dataDir, 'nats'),
    pidFile: path.join(config.dataDir, 'nats.pid'),
    onLeftover: (pid) =>
      logger.info({ leftover: pid }, 'stopped the nats-server an earlier run left running'),
    restart: {
      onDied: (exit) => logger.error(exit, 'the nats-server died; starting it again'),
      onRestarted: () => logger.info('the nats-server is running again'),
      onRestartFailed: (error) =>
        logger.error({ err: error }, 'the nats-server did not start again; retrying'),
    },
  });
  if (server) {
    logger.info({ url: server.url }, 'started nats-server from PATH (NATS_URL is not set)');
    // Where operator commands (npm run republish) find it while the shop runs.
    const urlFile = path.join(config.dataDir, NATS_URL_FILE);
    writeFileSync(urlFile, server.url);
    const stopServer = async () => {
      rmSync(urlFile, { force: true });
      await server.stop();
    };
    try {
      return { bus: await nats(server.url), stopServer };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  logger.warn('no NATS_URL and no nats-server on PATH: using the in-process bus');
  return { bus: createInProcessBus({ logger }) };
}
