// The webhook endpoints read model (projections/src/webhooks) as the query side reads it. The
// sealed secret is never selected here: no answer can carry it.
import type { Knex } from 'knex';
import type { Webhook } from '@printshop/shared-events/api/admin';
import {
  WEBHOOK_ENDPOINTS_TABLE,
  type WebhookEndpointRow,
} from '@printshop/shared-events/webhooks-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';

/** The projection (and schema `rm_webhooks`) these routers read. */
export const WEBHOOKS_READ_MODEL = 'webhooks';

export const webhookEndpoints = (db: Knex) =>
  db
    .withSchema(readModelSchema(WEBHOOKS_READ_MODEL))
    .table<WebhookEndpointRow>(WEBHOOK_ENDPOINTS_TABLE)
    .select('id', 'url', 'events', 'active', 'created_at');

export const toWebhookDto = (row: WebhookEndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  createdAt: row.created_at.toISOString(),
});
