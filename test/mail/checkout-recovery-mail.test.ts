// The mail consumer's handler for checkout-recovery messages, against a real store and a real SMTP
// server: the reminder goes to the checkout's e-mail with its lines, total and a link back; a
// checkout paid between the request and the sending gets nothing, nor one not in this shop's log. A
// signed-in customer is greeted by their account's first name, a guest by the shipping name.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutStreamName } from '@printshop/shared-events/events/checkout';
import { userStreamName } from '@printshop/shared-events/events/user';
import { MAIL_SUBJECTS } from '@printshop/shared-events/mail-messages';
import { mailHandler } from '@printshop/infra/mail/mail-consumer';
import { useMailConsumer, userRegistered } from './support';
import { decodedBody, header } from '@printshop/test/support/smtp';

const shop = useMailConsumer('recovery_mail');

/** A checkout with a recovery e-mail asked for; returns the message the mail reactor would publish. */
async function abandonedCheckout(email = `grace.${randomUUID().slice(0, 6)}@example.com`, userId?: string) {
  const checkoutId = randomUUID();
  await shop.subject.store.appendToStream(checkoutStreamName(checkoutId), [
    {
      type: 'CheckoutStarted',
      data: {
        checkoutId,
        cartId: randomUUID(),
        ...(userId && { userId }),
        email,
        shippingAddress: { fullName: 'Grace Hopper', phone: '1', line1: 'x', city: 'y', country: 'GB' },
        country: 'GB',
        lines: [
          {
            lineId: 'l1',
            sku: 'POSTERA3',
            name: 'A3 Poster | Customized Poster Print',
            quantity: 3,
            unitPrice: 1185,
            lineTotal: 3555,
            unitPriceUsd: 1500,
            croppedImageId: 'img',
          },
        ],
        amounts: {
          currency: 'GBP',
          subtotal: 3555,
          discount: 0,
          loyaltyDiscount: 0,
          loyaltyPoints: 0,
          shipping: 395,
          total: 3950,
          usdPaidSubtotal: 4500,
          usdTotal: 5000,
          rate: 0.79,
        },
        startedAt: '2025-03-01T10:00:00.000Z',
      },
    },
    { type: 'RecoveryEmailRequested', data: { checkoutId, by: 'admin:a', at: '2025-03-01T12:00:00.000Z' } },
  ]);
  return {
    checkoutId,
    email,
    delivery: { id: randomUUID(), subject: MAIL_SUBJECTS.checkoutRecovery, data: { checkoutId }, attempt: 1 },
  };
}

describe('a checkout-recovery message', () => {
  it('given an abandoned checkout, when delivered, then its e-mail gets the reminder with its lines, total and a link to the cart', async () => {
    const { email, delivery } = await abandonedCheckout();
    await mailHandler(shop.deps)(delivery);
    await mailHandler(shop.deps)({ ...delivery, attempt: 2 });
    expect(shop.smtp.received.map((mail) => mail.to)).toEqual([[email]]);
    const raw = shop.smtp.received[0]!.raw;
    expect(header(raw, 'Subject')).toBe('Your PrintShop order is waiting');
    const body = Buffer.from(decodedBody(raw), 'latin1').toString('utf8');
    expect(body).toContain('Hello Grace Hopper,');
    // The name the shop's pages show, without the catalog's ' | …' page-title tail.
    expect(body).toContain('3 x A3 Poster\r\n');
    expect(body).toContain('Total: £39.50');
    expect(body).toContain('https://shop.example/cart');
  });

  it('given Asha signed in, checking out for Grace Hopper, when delivered, then the reminder greets Asha', async () => {
    const userId = randomUUID();
    const email = `asha.${userId.slice(0, 6)}@example.com`;
    await shop.subject.store.appendToStream(userStreamName(userId), [
      userRegistered(userId, email, { firstName: 'Asha', lastName: 'Patel' }, '2025-03-01T09:00:00.000Z'),
    ]);
    const { delivery } = await abandonedCheckout(email, userId);
    await mailHandler(shop.deps)(delivery);
    const body = Buffer.from(decodedBody(shop.smtp.received[0]!.raw), 'latin1').toString('utf8');
    expect(body).toContain('Hello Asha,');
    expect(body).not.toContain('Grace Hopper');
  });

  it('given the checkout was paid before the mail went out, then nothing is sent', async () => {
    const { checkoutId, delivery } = await abandonedCheckout();
    await shop.subject.store.appendToStream(checkoutStreamName(checkoutId), [
      {
        type: 'CheckoutCompleted',
        data: { checkoutId, orderId: 'o1', orderNumber: 'PS-1', at: '2025-03-01T12:01:00.000Z' },
      },
    ]);
    await mailHandler(shop.deps)(delivery);
    expect(shop.smtp.received).toEqual([]);
  });

  it('given a checkout this shop does not know, or a message without a checkout id, then nothing is sent / it fails', async () => {
    await mailHandler(shop.deps)({
      ...(await abandonedCheckout()).delivery,
      data: { checkoutId: randomUUID() },
    });
    expect(shop.smtp.received).toEqual([]);
    await expect(
      mailHandler(shop.deps)({
        id: randomUUID(),
        subject: MAIL_SUBJECTS.checkoutRecovery,
        data: {},
        attempt: 1,
      }),
    ).rejects.toThrow();
  });
});
