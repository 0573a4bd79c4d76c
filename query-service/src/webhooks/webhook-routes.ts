// The admin's webhook reads (API.md "Admin"): GET /api/admin/webhooks (the endpoints, oldest first,
// never with their secret) and GET /api/admin/webhooks/:id/deliveries?status= (the delivery log of
// one endpoint, newest first, each delivery with every attempt).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { webhookDeliveriesQuerySchema } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import type { WebhookDeliveryLog } from '@printshop/shared-events/webhook-delivery-log';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { toWebhookDto, WEBHOOKS_READ_MODEL, webhookEndpoints } from './webhooks-read-model';

export interface WebhookQueryDeps {
  db: Knex;
  waitFor: WaitForPosition;
  deliveries: WebhookDeliveryLog;
}

export function webhookQueryRouter(deps: WebhookQueryDeps): Router {
  const router = new Router({ prefix: '/api/admin/webhooks' });
  const fresh = readYourWrites(deps.waitFor, [WEBHOOKS_READ_MODEL]);

  router.get('/', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const rows = await webhookEndpoints(deps.db).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    ctx.body = { success: true, webhooks: rows.map(toWebhookDto) };
  });

  router.get('/:id/deliveries', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const webhookId = idSchema.parse(ctx.params.id);
    const { status } = webhookDeliveriesQuerySchema.parse(ctx.query);
    const endpoint = await webhookEndpoints(deps.db).where({ id: webhookId }).first();
    if (!endpoint) throw new NotFound('Webhook not found');
    ctx.body = { success: true, deliveries: await deps.deliveries.list(webhookId, { status }) };
  });

  return router;
}
