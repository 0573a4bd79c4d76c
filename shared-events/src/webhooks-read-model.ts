// The contract between the webhooks projection (projections/src/webhooks/) and the webhook queries
// and delivery (query-service/src/webhooks/, the webhook reactor): the table of schema
// `rm_webhooks`, one row per registered endpoint.
import type { ReadModel } from './read-models';

export const WEBHOOKS_PROJECTION = 'webhooks';
export const WEBHOOK_ENDPOINTS_TABLE = 'endpoints';

export const WEBHOOKS_READ_MODEL: ReadModel = {
  name: WEBHOOKS_PROJECTION,
  tables: [
    {
      name: WEBHOOK_ENDPOINTS_TABLE,
      primaryKey: ['id'],
      columns: `
         id text primary key,
         url text not null,
         events text[] not null,
         active boolean not null,
         sealed_secret text not null,
         registered_position bigint not null,
         created_at timestamptz not null,
         updated_at timestamptz not null
       `,
    },
  ],
};

export interface WebhookEndpointRow {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  sealed_secret: string;
  registered_position: string | number;
  created_at: Date;
  updated_at: Date;
}
