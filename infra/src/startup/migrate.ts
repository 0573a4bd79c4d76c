// Creates or updates every table PrintShop owns. Each step takes its own advisory lock, so several
// processes starting at once (the roles of a scale-out) do not trip over each other.
import type { Knex } from 'knex';
import { migrateReactors } from '@printshop/projections/reactors/checkpoints';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { migrateTestModePayments } from '../payments/test-mode-payments';
import { migrateEventStore } from '../postgres/event-store';
import { migrateWebhookDeliveries } from '../webhooks/delivery-store';
import { migrateProductViewers } from '../viewers/product-viewers';

export async function migrate(db: Knex, options: { postgresEventStore: boolean }): Promise<void> {
  if (options.postgresEventStore) await migrateEventStore(db);
  await migrateProjections(db);
  await migrateReactors(db);
  // The delivery worker owns these; the gateway's admin calls read them, whichever role starts first.
  await migrateWebhookDeliveries(db);
  // Test-mode payments (no provider keys) are continued by whichever gateway the customer reaches.
  await migrateTestModePayments(db);
  // Who has a product page open ("N people viewing"): any gateway answers the heartbeats.
  await migrateProductViewers(db);
}
