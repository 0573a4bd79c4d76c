// The delivery log of outgoing webhooks, as the admin calls see it. The delivery worker owns the
// tables (infra/src/webhooks/delivery-store.ts); the routers get this port from the composition root.
import type { WebhookDelivery } from './api/admin';

export interface WebhookDeliveryLog {
  /** The endpoint's deliveries, newest first (at most `limit`, default 100), each with its attempts. */
  list(
    webhookId: string,
    options?: { status?: WebhookDelivery['status']; limit?: number },
  ): Promise<WebhookDelivery[]>;
  /**
   * Puts a failed delivery back in the queue with a fresh round of tries. Throws NotFound (no such
   * delivery, or its endpoint is gone), Conflict (not failed) or RuleBroken (the endpoint is disabled).
   */
  retry(deliveryId: string): Promise<WebhookDelivery>;
}
