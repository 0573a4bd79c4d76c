// Entry point of `npm run republish` (see projections/src/cli/republish.ts): the bus is the NATS of
// NATS_URL (and BUS_NAMESPACE), the one the shop's reactors publish to.
import { republish, REPUBLISH_USAGE } from '@printshop/projections/cli/republish';
import { allReactors } from '@printshop/projections/reactors/registry';
import { silentLogger } from '@printshop/shared-events/logger';
import { connectNatsBus } from '../startup/bus';
import { runOperatorCommand } from './operator-context';

await runOperatorCommand(async (context) => {
  const servers = process.env.NATS_URL?.split(',');
  if (!servers) {
    context.out(
      `NATS_URL is not set: point it at the shop's NATS, e.g. NATS_URL=nats://127.0.0.1:4222\n${REPUBLISH_USAGE}`,
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
