// The admin's webhook commands (API.md "Admin"): POST /api/admin/webhooks, PUT and DELETE
// /api/admin/webhooks/:id, POST /api/admin/webhooks/:id/ping, and POST
// /api/admin/webhooks/deliveries/:id/retry. The secret is shown once, in the answer to the POST;
// it is sealed before it reaches an event. Lists are on the query side
// (query-service/src/webhooks/webhook-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { webhookBodySchema, webhookUpdateBodySchema, type Webhook } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import { ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { webhookStreamName } from '@printshop/shared-events/events/webhook';
import type { WebhookDeliveryLog } from '@printshop/shared-events/webhook-delivery-log';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { handleCommand } from '../handle-command';
import { webhookDecider, type WebhookCommand } from './decide';
import type { WebhookEndpoint } from './endpoint';
import { WEBHOOK_MESSAGES } from './endpoint-rules';

export interface WebhookSecrets {
  /** A new random signing secret, for a registration that sent none. */
  generate(): string;
  /** The secret as it may be written to the log. */
  seal(secret: string): string;
}

export interface WebhookRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  secrets: WebhookSecrets;
  /** Endpoints that exist now (read model; the cap of 20 is a soft limit under concurrent creation). */
  countEndpoints(): Promise<number>;
  deliveries: WebhookDeliveryLog;
  /** Why the URL's host may not receive webhooks (it is inside the network), or undefined. */
  targetProblem(url: string): Promise<string | undefined>;
}

export const webhookDto = (endpoint: WebhookEndpoint): Webhook => {
  if (endpoint.status !== 'registered') throw new Error('webhookDto of an endpoint that is not registered');
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    active: endpoint.active,
    createdAt: endpoint.createdAt,
  };
};

export function webhookRouter(deps: WebhookRouterDeps): Router {
  const router = new Router({ prefix: '/api/admin/webhooks' });

  async function run(ctx: Context, webhookId: string, command: (by: string, at: string) => WebhookCommand) {
    const auth = requireAdmin(ctx.state);
    const at = deps.now().toISOString();
    const metadata = metadataOf(ctx, at, adminActor(auth));
    return handleCommand(deps.store, webhookStreamName(webhookId), webhookDecider, command(auth.userId, at), {
      metadata,
    });
  }

  /** The address check needs DNS, so it runs here rather than in the pure rules. */
  async function checkTarget(url: string | undefined): Promise<void> {
    const problem = url === undefined ? undefined : await deps.targetProblem(url);
    if (problem) throw new ValidationError(WEBHOOK_MESSAGES.invalid, { url: problem });
  }

  router.post('/', async (ctx) => {
    requireAdmin(ctx.state);
    const body = webhookBodySchema.parse(ctx.request.body ?? {});
    await checkTarget(body.url);
    const webhookId = deps.newId();
    const secret = body.secret ?? deps.secrets.generate();
    const existingEndpoints = await deps.countEndpoints();
    const result = await run(ctx, webhookId, (by, at) => ({
      type: 'RegisterWebhookEndpoint',
      data: {
        webhookId,
        url: body.url,
        events: body.events,
        sealedSecret: deps.secrets.seal(secret),
        active: body.active,
        existingEndpoints,
        by,
        at,
      },
    }));
    answerWithPosition(ctx, 201, { webhook: { ...webhookDto(result.newState), secret } }, result.position);
  });

  router.put('/:id', async (ctx) => {
    requireAdmin(ctx.state);
    const webhookId = idSchema.parse(ctx.params.id);
    const body = webhookUpdateBodySchema.parse(ctx.request.body ?? {});
    await checkTarget(body.url);
    const result = await run(ctx, webhookId, (by, at) => ({
      type: 'UpdateWebhookEndpoint',
      data: {
        webhookId,
        url: body.url,
        events: body.events,
        sealedSecret: body.secret === undefined ? undefined : deps.secrets.seal(body.secret),
        active: body.active,
        by,
        at,
      },
    }));
    answerWithPosition(ctx, 200, { webhook: webhookDto(result.newState) }, result.position);
  });

  router.delete('/:id', async (ctx) => {
    requireAdmin(ctx.state);
    const webhookId = idSchema.parse(ctx.params.id);
    const result = await run(ctx, webhookId, (by, at) => ({
      type: 'DeleteWebhookEndpoint',
      data: { webhookId, by, at },
    }));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  // A `webhook.ping` delivery to this endpoint, through the same path as real events.
  router.post('/:id/ping', async (ctx) => {
    requireAdmin(ctx.state);
    const webhookId = idSchema.parse(ctx.params.id);
    const result = await run(ctx, webhookId, (by, at) => ({
      type: 'PingWebhookEndpoint',
      data: { webhookId, by, at },
    }));
    answerWithPosition(ctx, 202, {}, result.position);
  });

  // The delivery log belongs to the delivery worker, not to the event log: a retry is no event,
  // so this answer carries no X-Event-Position (the log is read without projection lag).
  router.post('/deliveries/:id/retry', async (ctx) => {
    requireAdmin(ctx.state);
    const deliveryId = idSchema.parse(ctx.params.id);
    const delivery = await deps.deliveries.retry(deliveryId);
    ctx.body = { success: true, delivery };
  });

  return router;
}
