// A webhook endpoint's rules as given events / when command / then events or error.
import { describe, expect, it } from 'vitest';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { WebhookEvent } from '@printshop/shared-events/events/webhook';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { fold } from '@printshop/shared-events/decider';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES as M } from './endpoint-rules';
import { decideWebhook, webhookDecider, type WebhookCommand } from './decide';

const spec = deciderSpec(webhookDecider);
const webhookId = 'wh-1';
const by = 'admin-1';
const at = '2025-03-01T10:00:00.000Z';
const later = '2025-03-02T10:00:00.000Z';
const url = 'https://hooks.example.com/printshop';

const registered: WebhookEvent = {
  type: 'WebhookEndpointRegistered',
  data: { webhookId, url, events: ['order.paid'], sealedSecret: 'v1.sealed', by, at },
};
const register = (over: Partial<Extract<WebhookCommand, { type: 'RegisterWebhookEndpoint' }>['data']> = {}) =>
  ({
    type: 'RegisterWebhookEndpoint',
    data: {
      webhookId,
      url,
      events: ['order.paid'],
      sealedSecret: 'v1.sealed',
      active: true,
      existingEndpoints: 0,
      by,
      at,
      ...over,
    },
  }) satisfies WebhookCommand;
const update = (
  over: Omit<Extract<WebhookCommand, { type: 'UpdateWebhookEndpoint' }>['data'], 'webhookId' | 'by' | 'at'>,
) =>
  ({ type: 'UpdateWebhookEndpoint', data: { webhookId, by, at: later, ...over } }) satisfies WebhookCommand;
const stamp = (
  type: 'WebhookEndpointDisabled' | 'WebhookEndpointEnabled' | 'WebhookEndpointDeleted',
  when = later,
) => ({ type, data: { webhookId, by, at: when } }) as WebhookEvent;

/** The field messages a ValidationError carries. */
function fieldErrors(command: WebhookCommand, given: WebhookEvent[] = []) {
  try {
    decideWebhook(command, fold(webhookDecider, given));
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('registering an endpoint', () => {
  it('given nothing, when an endpoint is registered, then it is registered active with its sealed secret', () => {
    spec.given([]).when(register()).then([registered]);
    expect(fold(webhookDecider, [registered])).toMatchObject({ status: 'registered', active: true, url });
  });

  it('given nothing, when it is registered inactive, then it is registered and disabled', () => {
    spec
      .given([])
      .when(register({ active: false }))
      .then([registered, stamp('WebhookEndpointDisabled', at)]);
  });

  it('given nothing, when event names repeat, then each is kept once', () => {
    spec
      .given([])
      .when(register({ events: ['order.paid', 'order.shipped', 'order.paid'] }))
      .then([
        {
          ...registered,
          data: { ...registered.data, events: ['order.paid', 'order.shipped'] },
        } as WebhookEvent,
      ]);
  });

  it(`given ${MAX_WEBHOOK_ENDPOINTS} endpoints elsewhere, when one more is registered, then the cap refuses it`, () => {
    spec
      .given([])
      .when(register({ existingEndpoints: MAX_WEBHOOK_ENDPOINTS }))
      .thenThrows(RuleBroken, M.tooMany);
    spec
      .given([])
      .when(register({ existingEndpoints: MAX_WEBHOOK_ENDPOINTS - 1 }))
      .then([registered]);
  });

  it('given an endpoint, when the same id is registered, then it is a conflict', () => {
    spec.given([registered]).when(register()).thenThrows(Conflict);
  });

  it.each([
    ['https://user:pw@hooks.example.com/x', M.credentials],
    ['https://token@hooks.example.com/x', M.credentials],
    ['https://hooks.example.com/x#part', M.fragment],
    ['https://hooks.example.com/\r\nX-Injected: 1', M.spaces],
    ['https://hooks.example.com/a b', M.spaces],
    ['https://hooks.example.com/\tx', M.spaces],
    [' https://hooks.example.com/x', M.spaces],
    ['ftp://hooks.example.com/x', M.badUrl],
    ['not-a-url', M.badUrl],
  ])('given nothing, when the URL is %s, then the url field is refused', (bad, message) => {
    expect(fieldErrors(register({ url: bad }))).toEqual({ url: message });
  });

  it('given nothing, when an event name is unknown, then the events field names it', () => {
    expect(fieldErrors(register({ events: ['order.paid', 'order.eaten'] }))).toEqual({
      events: M.unknownEvent('order.eaten'),
    });
    expect(fieldErrors(register({ events: ['webhook.ping'] }))).toEqual({
      events: M.unknownEvent('webhook.ping'),
    });
  });

  it('given nothing, when an http URL on a private address is registered, then it is accepted', () => {
    spec
      .given([])
      .when(register({ url: 'http://127.0.0.1:8080/hook' }))
      .then([
        { ...registered, data: { ...registered.data, url: 'http://127.0.0.1:8080/hook' } } as WebhookEvent,
      ]);
  });
});

describe('updating an endpoint', () => {
  it('given an endpoint, when only changed fields and a new secret are sent, then the event holds just those', () => {
    spec
      .given([registered])
      .when(update({ url, events: ['order.paid', 'order.refunded'], sealedSecret: 'v1.new' }))
      .then([
        {
          type: 'WebhookEndpointUpdated',
          data: {
            webhookId,
            events: ['order.paid', 'order.refunded'],
            sealedSecret: 'v1.new',
            by,
            at: later,
          },
        },
      ]);
  });

  it('given an endpoint, when it is sent unchanged, then nothing happens', () => {
    spec
      .given([registered])
      .when(update({ url, events: ['order.paid'], active: true }))
      .then([]);
  });

  it('given an active endpoint, when active is false, then it is disabled; and true enables it again', () => {
    spec
      .given([registered])
      .when(update({ active: false }))
      .then([stamp('WebhookEndpointDisabled')]);
    spec
      .given([registered, stamp('WebhookEndpointDisabled')])
      .when(update({ active: true }))
      .then([stamp('WebhookEndpointEnabled')]);
  });

  it('given an endpoint, when the new URL carries credentials, then the url field is refused', () => {
    expect(fieldErrors(update({ url: 'https://a:b@hooks.example.com' }), [registered])).toEqual({
      url: M.credentials,
    });
  });

  it('given a deleted endpoint, when it is updated, then NotFound', () => {
    spec
      .given([registered, stamp('WebhookEndpointDeleted')])
      .when(update({ active: false }))
      .thenThrows(NotFound, M.notFound);
    spec
      .given([])
      .when(update({ active: false }))
      .thenThrows(NotFound, M.notFound);
  });
});

describe('deleting and pinging', () => {
  it('given an endpoint, when it is deleted, then it is gone and a second delete is NotFound', () => {
    spec
      .given([registered])
      .when({ type: 'DeleteWebhookEndpoint', data: { webhookId, by, at: later } })
      .then([stamp('WebhookEndpointDeleted')]);
    spec
      .given([registered, stamp('WebhookEndpointDeleted')])
      .when({ type: 'DeleteWebhookEndpoint', data: { webhookId, by, at: later } })
      .thenThrows(NotFound);
  });

  it('given an active endpoint, when it is pinged, then a ping is requested; a disabled one refuses', () => {
    spec
      .given([registered])
      .when({ type: 'PingWebhookEndpoint', data: { webhookId, by, at: later } })
      .then([{ type: 'WebhookPingRequested', data: { webhookId, by, at: later } }]);
    spec
      .given([registered, stamp('WebhookEndpointDisabled')])
      .when({ type: 'PingWebhookEndpoint', data: { webhookId, by, at: later } })
      .thenThrows(RuleBroken, M.pingInactive);
  });
});
