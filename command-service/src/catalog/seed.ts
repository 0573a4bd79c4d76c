// Start-up: a new shop's catalog stream gets the seed (the code's catalog and the spec's settings).
// Appended only when the stream does not exist; a second starter racing us finds it written and
// does nothing. Event ids are derived from the seed's content, so a retried seed writes nothing twice.
// A stream seeded earlier gets the seed's later corrections instead (seed-upgrades.ts), each once.
import { WrongExpectedVersion, type EventStore } from '@printshop/shared-events/event-store';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import { handleCommand } from '../handle-command';
import { uuidFromName } from '../order/derived-ids';
import { catalogDecider } from './decide';
import { SEED_UPGRADES, seedUpgradeDecider } from './seed-upgrades';

/** True when this call seeded the stream; false when it was already there. */
export async function seedCatalog(store: EventStore, now: Date): Promise<boolean> {
  const [last] = await store.readStream(CATALOG_STREAM, { direction: 'backwards', maxCount: 1 });
  if (last) {
    await upgradeCatalogSeed(store, now);
    return false;
  }
  try {
    const result = await handleCommand(
      store,
      CATALOG_STREAM,
      catalogDecider,
      { type: 'SeedCatalog', data: { at: now.toISOString() } },
      {
        expectedRevision: 'no_stream',
        metadata: { actor: 'system', at: now.toISOString() },
        eventIds: (index) => uuidFromName(`catalog-seed:${index}`),
      },
    );
    return result.events.length > 0;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return false;
    throw error;
  }
}

/** Appends the seed corrections that still apply (seed-upgrades.ts); returns how many. */
export async function upgradeCatalogSeed(store: EventStore, now: Date): Promise<number> {
  let appended = 0;
  for (const upgrade of SEED_UPGRADES) {
    const result = await handleCommand(
      store,
      CATALOG_STREAM,
      seedUpgradeDecider,
      { type: 'ApplySeedUpgrade', data: { upgrade, at: now.toISOString() } },
      {
        metadata: { actor: 'system', at: now.toISOString() },
        eventIds: () => uuidFromName(`catalog-seed-upgrade:${upgrade.id}`),
      },
    );
    appended += result.events.length;
  }
  return appended;
}
