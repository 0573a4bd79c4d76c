import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from './event-registry';
import { InvalidEvent, type RecordedEvent } from './event-store';

const registry = new EventRegistry([
  defineEvent('ItemAdded', z.object({ sku: z.string(), quantity: z.number().int().min(1) })),
  defineEvent('PriceSet', z.object({ amountMinor: z.number().int(), currency: z.string().length(3) }), {
    version: 2,
    // v1 stored { cents } in USD only.
    upcasters: { 1: (data) => ({ amountMinor: (data as { cents: number }).cents, currency: 'USD' }) },
  }),
]);

const recorded = (type: string, data: unknown, schemaVersion?: number): RecordedEvent => ({
  id: 'e1',
  type,
  data,
  metadata: { schemaVersion },
  streamName: 'cart-1',
  revision: 0,
  position: 1,
  recordedAt: new Date(0),
});

describe('EventRegistry', () => {
  it('given a valid event, when validated, then it carries its schema version', () => {
    const event = registry.validate({ type: 'ItemAdded', data: { sku: 'X', quantity: 2, extra: true } });
    expect(event.data).toEqual({ sku: 'X', quantity: 2 });
    expect(event.metadata?.schemaVersion).toBe(1);
  });

  it('given data failing the schema, when validated, then InvalidEvent names the field', () => {
    expect(() => registry.validate({ type: 'ItemAdded', data: { sku: 'X', quantity: 0 } })).toThrow(
      InvalidEvent,
    );
    expect(() => registry.validate({ type: 'ItemAdded', data: { sku: 'X', quantity: 0 } })).toThrow(
      /quantity/,
    );
  });

  it('given an unregistered type, when validated, then it is refused', () => {
    expect(() => registry.validate({ type: 'Nope', data: {} })).toThrow(/no schema is registered/);
  });

  it('given an event of an older version, when read, then it is upcast', () => {
    expect(registry.upcast(recorded('PriceSet', { cents: 250 }, 1)).data).toEqual({
      amountMinor: 250,
      currency: 'USD',
    });
    expect(registry.upcast(recorded('PriceSet', { amountMinor: 5, currency: 'EUR' }, 2)).data).toEqual({
      amountMinor: 5,
      currency: 'EUR',
    });
  });
});
