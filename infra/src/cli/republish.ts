// Entry point of `npm run republish` (see projections/src/cli/republish.ts): the bus is the NATS of
// NATS_URL (and BUS_NAMESPACE), else the nats-server a running `npm start` started.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { republish, REPUBLISH_USAGE } from '@printshop/projections/cli/republish';
import { allReactors } from '@printshop/projections/reactors/registry';
import { silentLogger } from '@printshop/shared-events/logger';
import { canConnect } from '../embedded/nats';
import { connectNatsBus, NATS_URL_FILE } from '../startup/bus';
import { runOperatorCommand } from './operator-context';

await runOperatorCommand(async (context) => {
  const servers = process.env.NATS_URL?.split(',') ?? (await runningEmbeddedNats());
  if (!servers) {
    context.out(
      `NATS_URL is not set and no nats-server of npm start is running: point it at the shop's NATS, e.g. NATS_URL=nats://127.0.0.1:4222\n${REPUBLISH_USAGE}`,
    );
    return 2;
  }
  const logger = context.logger ?? silentLogger;
  const bus = await connectNatsBus(servers, process.env.BUS_NAMESPACE || undefined, logger);
  try {
    return await republish({ ...context, bus, reactors: allReactors });
  } finally {
    await bus.close();
  }
});

/** The nats-server a running `npm start` started (infra/src/startup/bus.ts writes its address). */
async function runningEmbeddedNats(): Promise<string[] | undefined> {
  const file = path.join(path.resolve(process.env.DATA_DIR || './data'), NATS_URL_FILE);
  if (!existsSync(file)) return undefined;
  const url = new URL(readFileSync(file, 'utf8').trim());
  return (await canConnect(url.hostname, Number(url.port))) ? [url.toString()] : undefined;
}
