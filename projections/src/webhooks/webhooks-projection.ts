// The webhook endpoints read model: one row per endpoint not deleted. The admin's list reads it
// (without the sealed secret); the delivery worker reads it to fan an event out and to sign.
// Rows follow from the events alone (their `at`), so a rebuild is identical.
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { WEBHOOK_ENDPOINT_EVENT_TYPES, type WebhookEvent } from '@printshop/shared-events/events/webhook';
import {
  WEBHOOKS_PROJECTION,
  WEBHOOKS_READ_MODEL,
  WEBHOOK_ENDPOINTS_TABLE,
} from '@printshop/shared-events/webhooks-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { WEBHOOKS_PROJECTION, WEBHOOK_ENDPOINTS_TABLE };

async function applyOne(event: WebhookEvent, recorded: RecordedEvent, trx: Knex.Transaction, schema: string) {
  const table = () => trx.withSchema(schema).table(WEBHOOK_ENDPOINTS_TABLE);
  const row = () => table().where({ id: event.data.webhookId });
  switch (event.type) {
    case 'WebhookEndpointRegistered': {
      const { data } = event;
      await table()
        .insert({
          id: data.webhookId,
          url: data.url,
          events: data.events,
          active: true,
          sealed_secret: data.sealedSecret,
          registered_position: recorded.position,
          created_at: data.at,
          updated_at: data.at,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'WebhookEndpointUpdated': {
      const { url, events, sealedSecret, at } = event.data;
      await row().update({
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(sealedSecret !== undefined ? { sealed_secret: sealedSecret } : {}),
        updated_at: at,
      });
      return;
    }
    case 'WebhookEndpointDisabled':
    case 'WebhookEndpointEnabled':
      await row().update({ active: event.type === 'WebhookEndpointEnabled', updated_at: event.data.at });
      return;
    case 'WebhookEndpointDeleted':
      await row().delete();
      return;
    default:
      return;
  }
}

export const webhooksProjection: Projection<WebhookEvent> = {
  name: WEBHOOKS_PROJECTION,
  eventTypes: WEBHOOK_ENDPOINT_EVENT_TYPES,
  tables: WEBHOOKS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, WEBHOOKS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) await applyOne(recorded, recorded, trx, schema);
  },
};
