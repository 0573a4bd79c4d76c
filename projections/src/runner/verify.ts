// Verify: rebuild a projection into a shadow schema at exactly the live model's checkpoint and
// compare the two row for row. The live runner keeps going: the comparison reads one snapshot, in
// which the checkpoint and the live rows agree (they commit together).
import type { Knex } from 'knex';
import type { EventStore } from '@printshop/shared-events/event-store';
import { migrateProjections, readCheckpoint } from './checkpoints';
import { compareReadModels, type RowDifference } from './compare-models';
import { assertProjectionName, liveSchema, scratchSchemaPrefix, type Projection } from './projection';
import {
  applyRange,
  buildShadow,
  dropScratchSchemas,
  withMaintenanceLock,
  type RebuildProgress,
} from './rebuild';

export interface VerifyResult {
  projection: string;
  /** The checkpoint both copies were compared at. */
  position: number;
  differences: RowDifference[];
  /** All differences, including those beyond the reported limit. */
  total: number;
}

export async function verifyProjection(options: {
  db: Knex;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  limitPerTable?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<VerifyResult> {
  const { db, store, projection } = options;
  const name = assertProjectionName(projection.name);
  await migrateProjections(db);
  return withMaintenanceLock(db, name, async () => {
    await dropScratchSchemas(db, name);
    const shadow = `${scratchSchemaPrefix(name)}vf_${Date.now()}`;
    try {
      const near = (await readCheckpoint(db, name))?.position ?? 0;
      const built = await buildShadow({ ...options, schema: shadow, toPosition: near });
      return await db.transaction(
        async (trx) => {
          // The snapshot starts here: this checkpoint and the live rows read below belong together.
          const position = (await readCheckpoint(trx, name))?.position ?? 0;
          await applyRange({
            store,
            projection,
            from: built.position,
            to: position,
            batchSize: options.batchSize ?? 5000,
            apply: (events) => projection.apply(events, trx, shadow),
          });
          const comparison = await compareReadModels(
            trx,
            liveSchema(name),
            shadow,
            projection.tables,
            options,
          );
          return { projection: name, position, ...comparison };
        },
        { isolationLevel: 'repeatable read' },
      );
    } finally {
      await db.raw('drop schema if exists ?? cascade', [shadow]);
    }
  });
}
