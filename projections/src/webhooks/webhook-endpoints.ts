// Reads of the webhook endpoints model for the delivery worker and the command side's cap: which
// endpoints an event goes to, one endpoint with its sealed secret, how many exist, how far the
// model has read the log.
import type { Knex } from 'knex';
import { readCheckpoint } from '../runner/checkpoints';
import { liveSchema } from '../runner/projection';
import { WEBHOOK_ENDPOINTS_TABLE, WEBHOOKS_PROJECTION } from './webhooks-projection';

export interface WebhookEndpointRow {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  sealedSecret: string;
  registeredPosition: number;
}

interface Row {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  sealed_secret: string;
  registered_position: string | number;
}

const endpoints = (db: Knex) =>
  db.withSchema(liveSchema(WEBHOOKS_PROJECTION)).table<Row>(WEBHOOK_ENDPOINTS_TABLE);

const toEndpoint = (row: Row): WebhookEndpointRow => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  sealedSecret: row.sealed_secret,
  registeredPosition: Number(row.registered_position),
});

export async function findWebhookEndpoint(db: Knex, id: string): Promise<WebhookEndpointRow | undefined> {
  const row = await endpoints(db).where({ id }).first();
  return row && toEndpoint(row);
}

/** Active endpoints subscribed to `eventName` that were registered before the event at `position`. */
export async function subscribedWebhookEndpoints(
  db: Knex,
  eventName: string,
  position: number,
): Promise<WebhookEndpointRow[]> {
  const rows = await endpoints(db)
    .where({ active: true })
    .andWhere('registered_position', '<', position)
    .andWhereRaw('? = any(events)', [eventName])
    .orderBy('id');
  return rows.map(toEndpoint);
}

export async function countWebhookEndpoints(db: Knex): Promise<number> {
  const [{ total }] = (await endpoints(db).count({ total: '*' })) as [{ total: string | number }];
  return Number(total);
}

/** The global position the endpoints model has read up to (0 before its first run). */
export async function webhookEndpointsPosition(db: Knex): Promise<number> {
  return (await readCheckpoint(db, WEBHOOKS_PROJECTION))?.position ?? 0;
}
