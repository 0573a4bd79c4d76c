// A projection worker (a real child process) is SIGKILLed at random points 20 times while 20,000
// events are appended to the Postgres log; afterwards its read model equals a fresh rebuild, row for
// row (support/crash-scenario.ts; the EventStoreDB run is crash-recovery-eventstoredb.test.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { closeProgressListener } from '@printshop/projections/runner/wait-for-position';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { runCrashScenario } from './support/crash-scenario';

let subject: TestStore;
beforeAll(async () => {
  subject = await createTestStore('projection_crash');
  await migrateProjections(subject.db);
});
afterAll(async () => {
  await closeProgressListener(subject.db);
  await subject?.close();
});

describe('projection worker crashes', () => {
  it('given 20,000 events appended while the worker is SIGKILLed at random points 20 times, when it finally catches up, then the read model equals a fresh rebuild row for row', async () => {
    const { store, db, url } = subject;
    await runCrashScenario({ store, db, env: { DATABASE_URL: url }, total: 20_000, kills: 20 });
  }, 300_000);
});
