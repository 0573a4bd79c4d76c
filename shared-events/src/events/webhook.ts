// An outgoing webhook endpoint, stream `webhook-<webhookId>` (admin "Webhooks").
// The signing secret is kept as `sealedSecret`: AES-256-GCM under a key derived from the server
// secret (infra/src/webhooks/secret-box.ts). The log is immutable and copied (backups, replays,
// the audit CLI), so a plain key written here could never be taken back; sealed, the log alone does
// not reveal it, and the delivery worker (which holds the server secret) can still sign with it.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const WEBHOOK_STREAM_CATEGORY = 'webhook';
export const webhookStreamName = (webhookId: string): string => `${WEBHOOK_STREAM_CATEGORY}-${webhookId}`;

const at = z.iso.datetime({ offset: true });
const webhookId = z.string().min(1).max(200);
/** The admin's user id. */
const by = z.string().min(1).max(200);
const url = z.string().min(1).max(2000);
/** Public event names (shared-events/src/webhook-messages.ts), e.g. 'order.paid'. */
const events = z.array(z.string().min(1).max(100)).min(1);
const sealedSecret = z.string().min(1).max(1000);

/** Registered active; a registration asked to be inactive is followed by WebhookEndpointDisabled. */
export const WebhookEndpointRegistered = defineEvent(
  'WebhookEndpointRegistered',
  z.object({ webhookId, url, events, sealedSecret, by, at }),
);
/** Only the fields that changed are present; a new sealedSecret is a rotated secret. */
export const WebhookEndpointUpdated = defineEvent(
  'WebhookEndpointUpdated',
  z.object({
    webhookId,
    url: url.optional(),
    events: events.optional(),
    sealedSecret: sealedSecret.optional(),
    by,
    at,
  }),
);
export const WebhookEndpointDisabled = defineEvent(
  'WebhookEndpointDisabled',
  z.object({ webhookId, by, at }),
);
export const WebhookEndpointEnabled = defineEvent('WebhookEndpointEnabled', z.object({ webhookId, by, at }));
export const WebhookEndpointDeleted = defineEvent('WebhookEndpointDeleted', z.object({ webhookId, by, at }));
/** An admin asked for a `webhook.ping` delivery to this endpoint (POST /api/admin/webhooks/:id/ping). */
export const WebhookPingRequested = defineEvent('WebhookPingRequested', z.object({ webhookId, by, at }));

export const webhookEvents = [
  WebhookEndpointRegistered,
  WebhookEndpointUpdated,
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
  WebhookEndpointDeleted,
  WebhookPingRequested,
];

export type WebhookEvent =
  | EventOf<typeof WebhookEndpointRegistered>
  | EventOf<typeof WebhookEndpointUpdated>
  | EventOf<typeof WebhookEndpointDisabled>
  | EventOf<typeof WebhookEndpointEnabled>
  | EventOf<typeof WebhookEndpointDeleted>
  | EventOf<typeof WebhookPingRequested>;

/** What changes the endpoint itself (the read model's events); a ping does not. */
export const WEBHOOK_ENDPOINT_EVENT_TYPES = [
  WebhookEndpointRegistered.type,
  WebhookEndpointUpdated.type,
  WebhookEndpointDisabled.type,
  WebhookEndpointEnabled.type,
  WebhookEndpointDeleted.type,
];
