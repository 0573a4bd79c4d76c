// The rules of a webhook endpoint, pure: a valid URL and known event names, at most 20 endpoints,
// a secret always present (sealed before it gets here), only changes recorded, a ping only to an
// active endpoint. Ids, times and the count of other endpoints arrive in the command.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { WebhookEvent } from '@printshop/shared-events/events/webhook';
import {
  distinctEvents,
  eventsProblem,
  MAX_WEBHOOK_ENDPOINTS,
  urlProblem,
  WEBHOOK_MESSAGES as M,
} from './endpoint-rules';
import { evolveWebhookEndpoint, initialWebhookEndpoint, type WebhookEndpoint } from './endpoint';

interface Stamp {
  webhookId: string;
  /** The admin's user id. */
  by: string;
  at: string;
}

export type WebhookCommand =
  | {
      type: 'RegisterWebhookEndpoint';
      data: Stamp & {
        url: string;
        events: readonly string[];
        sealedSecret: string;
        active: boolean;
        /** Endpoints that exist now (the cap). */
        existingEndpoints: number;
      };
    }
  | {
      type: 'UpdateWebhookEndpoint';
      data: Stamp & { url?: string; events?: readonly string[]; sealedSecret?: string; active?: boolean };
    }
  | { type: 'DeleteWebhookEndpoint'; data: Stamp }
  | { type: 'PingWebhookEndpoint'; data: Stamp };

function checkFields(fields: { url?: string; events?: readonly string[] }): void {
  const errors: Record<string, string> = {};
  const url = fields.url === undefined ? undefined : urlProblem(fields.url);
  const events = fields.events === undefined ? undefined : eventsProblem(fields.events);
  if (url) errors.url = url;
  if (events) errors.events = events;
  if (Object.keys(errors).length > 0) throw new ValidationError(M.invalid, errors);
}

function registered(endpoint: WebhookEndpoint) {
  if (endpoint.status !== 'registered') throw new NotFound(M.notFound);
  return endpoint;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

export function decideWebhook(command: WebhookCommand, endpoint: WebhookEndpoint): WebhookEvent[] {
  const { webhookId, by, at } = command.data;
  switch (command.type) {
    case 'RegisterWebhookEndpoint': {
      const { url, sealedSecret, active, existingEndpoints } = command.data;
      if (endpoint.status !== 'none') throw new Conflict('This webhook already exists');
      checkFields(command.data);
      if (existingEndpoints >= MAX_WEBHOOK_ENDPOINTS) throw new RuleBroken(M.tooMany);
      const events = distinctEvents(command.data.events);
      const registration: WebhookEvent = {
        type: 'WebhookEndpointRegistered',
        data: { webhookId, url, events, sealedSecret, by, at },
      };
      return active
        ? [registration]
        : [registration, { type: 'WebhookEndpointDisabled', data: { webhookId, by, at } }];
    }
    case 'UpdateWebhookEndpoint': {
      const current = registered(endpoint);
      checkFields(command.data);
      const { url, sealedSecret, active } = command.data;
      const events = command.data.events && distinctEvents(command.data.events);
      const changed = {
        ...(url !== undefined && url !== current.url ? { url } : {}),
        ...(events && !sameList(events, current.events) ? { events } : {}),
        ...(sealedSecret !== undefined ? { sealedSecret } : {}),
      };
      const result: WebhookEvent[] = [];
      if (Object.keys(changed).length > 0) {
        result.push({ type: 'WebhookEndpointUpdated', data: { webhookId, ...changed, by, at } });
      }
      if (active === true && !current.active) {
        result.push({ type: 'WebhookEndpointEnabled', data: { webhookId, by, at } });
      }
      if (active === false && current.active) {
        result.push({ type: 'WebhookEndpointDisabled', data: { webhookId, by, at } });
      }
      return result;
    }
    case 'DeleteWebhookEndpoint':
      registered(endpoint);
      return [{ type: 'WebhookEndpointDeleted', data: { webhookId, by, at } }];
    case 'PingWebhookEndpoint':
      if (!registered(endpoint).active) throw new RuleBroken(M.pingInactive);
      return [{ type: 'WebhookPingRequested', data: { webhookId, by, at } }];
  }
}

export const webhookDecider: Decider<WebhookEndpoint, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhookEndpoint,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhook,
};
