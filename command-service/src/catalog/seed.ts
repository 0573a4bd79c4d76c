// Start-up: a new shop's catalog stream gets the seed (the code's catalog and the spec's settings).
// Appended only when the stream does not exist; a second starter racing us finds it written and
// does nothing. Event ids are derived from the seed's content, so a retried seed writes nothing twice.
import { WrongExpectedVersion, type EventStore } from '@printshop/shared-events/event-store';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import { handleCommand } from '../handle-command';
import { uuidFromName } from '../order/derived-ids';
import { catalogDecider } from './decide';

/** True when this call seeded the stream; false when it was already there. */
export async function seedCatalog(store: EventStore, now: Date): Promise<boolean> {
  const [last] = await store.readStream(CATALOG_STREAM, { direction: 'backwards', maxCount: 1 });
  if (last) return false;
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
