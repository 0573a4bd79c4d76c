// A webhook endpoint as its command side sees it. The sealed secret is not kept: the command side
// never needs it back (only the delivery worker opens it).
import type { WebhookEvent } from '@printshop/shared-events/events/webhook';

export type WebhookEndpoint =
  | { status: 'none' }
  | { status: 'deleted' }
  | {
      status: 'registered';
      id: string;
      url: string;
      events: readonly string[];
      active: boolean;
      createdAt: string;
    };

export const initialWebhookEndpoint = (): WebhookEndpoint => ({ status: 'none' });

export function evolveWebhookEndpoint(endpoint: WebhookEndpoint, event: WebhookEvent): WebhookEndpoint {
  if (event.type === 'WebhookEndpointRegistered') {
    const { webhookId, url, events, at } = event.data;
    return { status: 'registered', id: webhookId, url, events, active: true, createdAt: at };
  }
  if (endpoint.status !== 'registered') return endpoint;
  switch (event.type) {
    case 'WebhookEndpointUpdated':
      return {
        ...endpoint,
        url: event.data.url ?? endpoint.url,
        events: event.data.events ?? endpoint.events,
      };
    case 'WebhookEndpointDisabled':
      return { ...endpoint, active: false };
    case 'WebhookEndpointEnabled':
      return { ...endpoint, active: true };
    case 'WebhookEndpointDeleted':
      return { status: 'deleted' };
    default:
      return endpoint;
  }
}
