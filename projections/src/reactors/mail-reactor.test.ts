// The mail reactor is pure: the same event always yields the same message, with the event's id.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { MAIL_SUBJECTS } from '@printshop/shared-events/mail-messages';
import { mailReactor } from './mail-reactor';

const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  id: '3f0c2a8e-5b8e-4d55-9d8e-2b6b0d1f1a10',
  type: 'PasswordResetRequested',
  data: {
    requestId: 'req-1',
    expiresAt: '2025-03-01T11:00:00.000Z',
    requestedAt: '2025-03-01T10:00:00.000Z',
  },
  metadata: {},
  streamName: 'user-6b1d1c4e-2f6f-4f51-8d0a-0e1f2a3b4c5d',
  revision: 3,
  position: 42,
  recordedAt: new Date('2025-03-01T10:00:00.000Z'),
  ...over,
});

describe('mail reactor', () => {
  it('given a PasswordResetRequested, then one password-reset message with the event id and ids only', async () => {
    const first = await mailReactor.react(event());
    const again = await mailReactor.react(event());
    expect(first).toEqual([
      {
        id: '3f0c2a8e-5b8e-4d55-9d8e-2b6b0d1f1a10',
        subject: MAIL_SUBJECTS.passwordReset,
        data: {
          userId: '6b1d1c4e-2f6f-4f51-8d0a-0e1f2a3b4c5d',
          requestId: 'req-1',
          expiresAt: '2025-03-01T11:00:00.000Z',
        },
      },
    ]);
    expect(again).toEqual(first);
  });

  it('given an event of another stream category or type, then no message', async () => {
    expect(await mailReactor.react(event({ streamName: 'addresses-u1' }))).toEqual([]);
    expect(await mailReactor.react(event({ type: 'PasswordChanged' }))).toEqual([]);
  });

  it('given a ContactMessageReceived, then one contact message carrying the message id only', async () => {
    const received = event({
      type: 'ContactMessageReceived',
      streamName: 'contact-c1',
      data: {
        contactId: 'c1',
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hi',
        message: 'Hello',
        receivedAt: '2025-03-01T10:00:00.000Z',
      },
    });
    expect(await mailReactor.react(received)).toEqual([
      { id: received.id, subject: MAIL_SUBJECTS.contact, data: { contactId: 'c1' } },
    ]);
    expect(await mailReactor.react({ ...received, streamName: 'user-c1' })).toEqual([]);
  });
});

describe('mail reactor, orders', () => {
  const order = (type: string, data: Record<string, unknown>) =>
    event({ id: '7d4f7c1e-0b7a-4a53-9d51-5b3e1b2f9a01', type, streamName: 'order-o-1', data });

  it('given an OrderPaid, then one order-confirmation message with the order id only', async () => {
    const paid = order('OrderPaid', {
      orderId: 'o-1',
      amount: 500,
      currency: 'USD',
      at: '2025-03-01T10:00:00.000Z',
    });
    expect(await mailReactor.react(paid)).toEqual([
      { id: paid.id, subject: MAIL_SUBJECTS.orderConfirmation, data: { orderId: 'o-1' } },
    ]);
  });

  it('given an OrderShipped, then one order-shipped message with the order id only', async () => {
    const shipped = order('OrderShipped', {
      orderId: 'o-1',
      carrier: 'UPS',
      trackingNumber: '1Z',
      url: '',
      by: 'admin:a',
      at: '2025-03-02T10:00:00.000Z',
    });
    expect(await mailReactor.react(shipped)).toEqual([
      { id: shipped.id, subject: MAIL_SUBJECTS.orderShipped, data: { orderId: 'o-1' } },
    ]);
  });

  it('given an order event outside an order stream or another order event, then no message', async () => {
    expect(await mailReactor.react(order('OrderPaid', { orderId: 'o-1' }))).toHaveLength(1);
    expect(
      await mailReactor.react({ ...order('OrderPaid', { orderId: 'o-1' }), streamName: 'user-o-1' }),
    ).toEqual([]);
    expect(await mailReactor.react(order('OrderDelivered', { orderId: 'o-1' }))).toEqual([]);
  });
});

describe('mail reactor: checkout recovery', () => {
  it('given a RecoveryEmailRequested on a checkout stream, then one checkout-recovery message with the checkout id', async () => {
    const requested = event({
      type: 'RecoveryEmailRequested',
      streamName: 'checkout-c-1',
      data: { checkoutId: 'c-1', by: 'admin:a', at: '2025-03-02T10:00:00.000Z' },
    });
    expect(await mailReactor.react(requested)).toEqual([
      { id: requested.id, subject: MAIL_SUBJECTS.checkoutRecovery, data: { checkoutId: 'c-1' } },
    ]);
    expect(await mailReactor.react({ ...requested, streamName: 'order-c-1' })).toEqual([]);
  });
});
