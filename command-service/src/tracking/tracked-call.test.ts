// A tracking call as the event the log keeps: deduplication key, stream, hashed contact fields.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import { TrackingEventReceived } from '@printshop/shared-events/events/tracking';
import { hashEmail, hashPhone, hashText } from './hash-contact';
import { trackedCall } from './tracked-call';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const receivedAt = new Date('2025-03-01T10:00:00.000Z');

const purchase = (eventId: string) =>
  TRACKING_BODY_SCHEMAS.purchase.parse({
    orderDetails: {
      order_number: 'PS-ABCD2345',
      total_amount: 11.78,
      currency: 'USD',
      items: [{ sku: 'POSTERA4', name: 'A4 Poster', price_per_unit: 1.78, quantity: 1 }],
    },
    event_id: eventId,
    page_location: 'https://shop.example/order-success',
    user_data: {
      email: ' Buyer@Example.com ',
      phone: '+44 7700 900123',
      external_id: 'U-1',
      fbp: 'fb.1.2.3',
    },
  });

describe('trackedCall', () => {
  it('given a verified purchase, then it is keyed by its order number whatever the event_id', () => {
    const a = trackedCall('purchase', purchase('e1'), { receivedAt, orderId: 'order-1' });
    const b = trackedCall('purchase', purchase('e2'), { receivedAt, orderId: 'order-1' });
    expect(a.data).toMatchObject({ dedupKey: 'purchase:PS-ABCD2345', orderId: 'order-1' });
    expect(a.streamName).toBe(b.streamName);
    expect(a.streamName).toMatch(/^tracking-[0-9a-f]{40}$/);
  });

  it('given an unverified purchase, then it is keyed by its event_id and never takes the order number key', () => {
    const verified = trackedCall('purchase', purchase('e1'), { receivedAt, orderId: 'order-1' });
    const fake = trackedCall('purchase', purchase('e1'), { receivedAt });
    expect(fake.data.dedupKey).toBe('unverified-purchase:e1');
    expect(fake.data.orderId).toBeUndefined();
    expect(fake.streamName).not.toBe(verified.streamName);
  });

  it('given other kinds, then they are keyed by kind and event_id', () => {
    const body = TRACKING_BODY_SCHEMAS['add-to-cart'].parse({
      item: { sku: 'POSTERA4', quantity: 1 },
      event_id: 'x1',
    });
    const call = trackedCall('add-to-cart', body, { receivedAt });
    expect(call.data.dedupKey).toBe('add-to-cart:x1');
    expect(call.streamName).not.toBe(
      trackedCall('add-to-cart', { ...body, event_id: 'x2' }, { receivedAt }).streamName,
    );
  });

  it('given contact data, then the event holds it hashed only, with the request context, and passes its schema', () => {
    const { data } = trackedCall('purchase', purchase('e1'), {
      ip: '203.0.113.9',
      userAgent: 'UA/1',
      userId: 'user-7',
      receivedAt,
    });
    expect(data.userData).toEqual({
      em: sha256('buyer@example.com'),
      ph: sha256('447700900123'),
      external_id: sha256('u-1'),
      fbp: 'fb.1.2.3',
      client_ip_address: '203.0.113.9',
      client_user_agent: 'UA/1',
    });
    expect(data).toMatchObject({ userId: 'user-7', eventSourceUrl: 'https://shop.example/order-success' });
    expect(JSON.stringify(data)).not.toMatch(/buyer@|7700 900123/i);
    expect(TrackingEventReceived.schema.parse(data)).toEqual(data);
  });

  it("given the body's own user agent, then it wins over the header's", () => {
    const body = TRACKING_BODY_SCHEMAS['add-to-cart'].parse({
      item: { sku: 'POSTERA4', quantity: 1 },
      event_id: 'x1',
      user_agent: 'From/Body',
      user: { id: 42, email: 'Ada@Example.com', first_name: ' Ada ' },
    });
    const { data } = trackedCall('add-to-cart', body, { userAgent: 'From/Header', receivedAt });
    expect(data.userData).toMatchObject({
      client_user_agent: 'From/Body',
      em: sha256('ada@example.com'),
      fn: sha256('ada'),
      external_id: sha256('42'),
    });
    expect(data.body).not.toHaveProperty('user');
  });
});

describe('hashing', () => {
  it('normalises before hashing and gives nothing for blanks', () => {
    expect(hashEmail('  A@B.CO ')).toBe(sha256('a@b.co'));
    expect(hashPhone('+1 (555) 010-0199')).toBe(sha256('15550100199'));
    expect(hashPhone('0044 20 7946 0958')).toBe(sha256('442079460958'));
    expect(hashText(' Ada ')).toBe(sha256('ada'));
    expect(hashEmail('   ')).toBeUndefined();
    expect(hashPhone('n/a')).toBeUndefined();
    expect(hashText(undefined)).toBeUndefined();
  });
});
