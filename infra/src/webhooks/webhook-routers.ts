// The admin's webhook calls, wired: commands (register, change, delete, ping, retry a delivery)
// and reads (the endpoints, a delivery log), over the event store, the webhooks model and the
// delivery worker's tables.
import type Router from '@koa/router';
import { webhookRouter } from '@printshop/command-service/webhook/router';
import {
  countWebhookEndpoints,
  findWebhookEndpoint,
} from '@printshop/projections/webhooks/webhook-endpoints';
import { webhookUrlProblem } from '@printshop/command-service/webhook/target-policy';
import { webhookQueryRouter } from '@printshop/query-service/webhooks/webhook-routes';
import type { AppContext } from '../app-context';
import { createWebhookDeliveryLog } from './delivery-store';
import { resolveHost } from './post-webhook';
import { createSecretBox } from './secret-box';

export function webhookRouters(app: AppContext): Router[] {
  const box = createSecretBox(app.config.jwtSecret);
  const deliveries = createWebhookDeliveryLog(app.db, (webhookId) => findWebhookEndpoint(app.db, webhookId));
  return [
    webhookQueryRouter({ db: app.db, waitFor: app.waitFor, deliveries }),
    webhookRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      secrets: { generate: () => box.generate(), seal: (secret) => box.seal(secret) },
      countEndpoints: () => countWebhookEndpoints(app.db),
      deliveries,
      targetProblem: (url) => webhookUrlProblem(app.config.webhookTargets, url, resolveHost),
    }),
  ];
}
