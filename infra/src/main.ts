// The process entry point: `node --import tsx infra/src/main.ts [--role gateway|projections|reactors|all]`
// (`npm start` loads it into its own process through infra/bin/start.mjs). Configuration comes from
// the environment. SIGINT, SIGTERM and SIGHUP stop everything in order; the embedded Postgres and
// nats-server run in process groups of their own, so a signal to ours reaches us alone.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startPrintShop } from './startup/start-printshop';
import { StartupError } from './startup/startup-error';

const SHUTDOWN_TIMEOUT_MS = 30_000;
const frontendDir = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

let config;
try {
  config = loadConfig(process.env, process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

const logger = createLogger({ level: config.logLevel });
logger.info({ role: config.role, dataDir: config.dataDir }, 'starting PrintShop');

let shop: Awaited<ReturnType<typeof startPrintShop>>;
try {
  if (!existsSync(frontendDir))
    logger.warn({ frontendDir }, 'the frontend is not built: only the API is served');
  shop = await startPrintShop({ config, logger, frontendDir });
} catch (error) {
  // One line that says why; the stack only for what we did not foresee.
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  if (error instanceof StartupError) logger.fatal({ reason }, 'PrintShop could not start');
  else logger.fatal({ err: error }, 'PrintShop could not start');
  process.stderr.write(`PrintShop could not start: ${reason}\n`);
  process.exit(1);
}

if (shop.port !== undefined) console.log(`PrintShop is running at http://localhost:${shop.port}`);
else console.log(`PrintShop ${config.role} is running`);

let stopping = false;
const shutdown = (reason: string, exitCode = 0) => {
  // A process manager may signal us and our group at once: stop once.
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  shop.stop().then(
    () => {
      logger.info('stopped');
      process.exit(exitCode);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
// A bug must not leave the embedded Postgres or nats-server running without us.
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception');
  shutdown('uncaught exception', 1);
});
process.on('unhandledRejection', (error) => {
  logger.fatal({ err: error }, 'unhandled rejection');
  shutdown('unhandled rejection', 1);
});
