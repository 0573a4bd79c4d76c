// One piece of work per key at a time across every gateway (command-service lock.ts): a Postgres
// advisory lock held by a transaction while the work runs. The lock goes with the transaction, so a
// crashed gateway never leaves it held. Callers of one process queue here first, so a burst of
// requests for one key waits without taking a pooled connection each.
import type { Knex } from 'knex';
import type { Lock } from '@printshop/command-service/lock';

export function postgresLock(db: Knex): Lock {
  const queues = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const run = (queues.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() =>
        db.transaction(async (trx) => {
          await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`printshop:${key}`]);
          return work();
        }),
      );
    queues.set(key, run);
    void run
      .finally(() => {
        if (queues.get(key) === run) queues.delete(key);
      })
      .catch(() => undefined);
    return run;
  };
}
