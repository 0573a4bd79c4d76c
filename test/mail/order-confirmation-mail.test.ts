// The mail consumer's handler for order-confirmation messages, against a real store and a real SMTP
// server: the receipt names each line as the shop's pages do (the name before ' | ') and shows the
// subtotal, each discount, shipping and the total in the order's currency, so its figures add up.
// Whom it greets: a signed-in customer by their account's first name (the parcel may go to someone
// else), a guest by the shipping address's name (there is no other); the shipped mail alike.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderAmounts, OrderLine } from '@printshop/shared-events/events/checkout';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { userStreamName } from '@printshop/shared-events/events/user';
import { MAIL_SUBJECTS } from '@printshop/shared-events/mail-messages';
import { mailHandler } from '@printshop/infra/mail/mail-consumer';
import { useMailConsumer, userRegistered } from './support';
import { decodedBody } from '@printshop/test/support/smtp';

const shop = useMailConsumer('order_confirmation_mail');

const INR_AMOUNTS: OrderAmounts = {
  currency: 'INR',
  subtotal: 5741,
  discount: 0,
  loyaltyDiscount: 0,
  loyaltyPoints: 0,
  shipping: 9900,
  total: 15641,
  usdPaidSubtotal: 69,
  usdTotal: 188,
  rate: 83,
};
const RETRO_LINE = {
  sku: 'RETRO-L-W',
  name: 'Large Retro Polaroid Prints - White | Print Photos Online',
  quantity: 1,
  unitPrice: 5741,
  lineTotal: 5741,
};

/** A registered customer; returns their id. */
async function customer(firstName: string): Promise<string> {
  const userId = randomUUID();
  const email = `${userId.slice(0, 8)}@example.com`;
  await shop.subject.store.appendToStream(userStreamName(userId), [
    userRegistered(userId, email, { firstName, lastName: 'Patel' }, '2025-03-01T09:00:00.000Z'),
  ]);
  return userId;
}

/** Decoded text of the last mail sent, to `email`. */
function lastMailTo(email: string): string {
  const mail = shop.smtp.received.at(-1);
  expect(mail?.to).toEqual([email]);
  // SMTP sends CRLF line ends; the test compares lines.
  return Buffer.from(decodedBody(mail!.raw), 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

/** A placed, paid order (a guest's unless `userId`); returns the text of the receipt the consumer sends for it. */
async function receiptOf(
  line: Omit<OrderLine, 'lineId' | 'croppedImageId' | 'unitPriceUsd'>,
  amounts: OrderAmounts,
  { userId, shipTo = 'Ada Lovelace' }: { userId?: string; shipTo?: string } = {},
) {
  const orderId = randomUUID();
  const email = `ada.${orderId.slice(0, 6)}@example.com`;
  const placedAt = '2025-03-01T10:00:00.000Z';
  await shop.subject.store.appendToStream(orderStreamName(orderId), [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        orderNumber: `PS-${orderId.slice(0, 6)}`,
        checkoutId: randomUUID(),
        cartId: randomUUID(),
        ...(userId && { userId }),
        email,
        lines: [{ ...line, lineId: 'l1', croppedImageId: 'img', unitPriceUsd: 100 }],
        amounts,
        shippingAddress: { fullName: shipTo, phone: '1', line1: 'x', city: 'y', country: 'IN' },
        payment: { provider: 'stripe', paymentId: 'pi_1', testMode: true },
        placedAt,
      },
    },
    { type: 'OrderPaid', data: { orderId, amount: amounts.total, currency: amounts.currency, at: placedAt } },
  ]);
  await mailHandler(shop.deps)({
    id: randomUUID(),
    subject: MAIL_SUBJECTS.orderConfirmation,
    data: { orderId },
    attempt: 1,
  });
  return { orderId, email, body: lastMailTo(email) };
}

describe('an order-confirmation message', () => {
  it('given an order with shipping and no discount, when delivered, then the receipt shows the short name, subtotal, shipping and total', async () => {
    const { body } = await receiptOf(RETRO_LINE, INR_AMOUNTS);
    expect(body).toContain('1 x Large Retro Polaroid Prints - White: ₹57.41');
    expect(body).not.toContain('Print Photos Online');
    expect(body).toContain('Subtotal: ₹57.41\nShipping: ₹99.00\nTotal: ₹156.41');
    expect(body).not.toContain('discount');
  });

  it('given an order with a bulk discount, a code, points and free shipping, when delivered, then each discount is listed and they add up to the total', async () => {
    const { body } = await receiptOf(
      {
        sku: 'POSTERA4',
        name: 'A4 Poster | Customized Poster Print',
        quantity: 1000,
        unitPrice: 178,
        lineTotal: 178000,
      },
      {
        currency: 'USD',
        subtotal: 178000,
        discount: 53400,
        promotionCode: 'SUMMER10',
        promotionDiscount: 12460,
        loyaltyDiscount: 1000,
        loyaltyPoints: 100,
        shipping: 0,
        total: 111140,
        usdPaidSubtotal: 111140,
        usdTotal: 111140,
        rate: 1,
      },
    );
    expect(body).toContain('1000 x A4 Poster: $1,780.00');
    expect(body).not.toContain('Customized Poster Print');
    expect(body).toContain(
      [
        'Subtotal: $1,780.00',
        'Bulk discount: −$534.00',
        'Code SUMMER10: −$124.60',
        'Loyalty points: −$10.00',
        'Shipping: Free',
        'Total: $1,111.40',
      ].join('\n'),
    );
  });

  it("given a guest's order shipped to Ada Lovelace, when delivered, then it greets Ada Lovelace", async () => {
    const { body } = await receiptOf(RETRO_LINE, INR_AMOUNTS);
    expect(body).toContain('Hello Ada Lovelace,\n');
  });

  it('given Asha signed in, ordering for 山田太郎, when delivered, then it greets Asha, not the recipient', async () => {
    const { body } = await receiptOf(RETRO_LINE, INR_AMOUNTS, {
      userId: await customer('Asha'),
      shipTo: '山田太郎',
    });
    expect(body).toContain('Hello Asha,\n');
    expect(body).not.toContain('山田太郎');
  });
});

describe('an order-shipped message', () => {
  it('given Asha signed in, ordering for 山田太郎, when shipped, then the mail greets Asha', async () => {
    const { orderId, email } = await receiptOf(RETRO_LINE, INR_AMOUNTS, {
      userId: await customer('Asha'),
      shipTo: '山田太郎',
    });
    await shop.subject.store.appendToStream(orderStreamName(orderId), [
      {
        type: 'OrderShipped',
        data: {
          orderId,
          carrier: 'DHL',
          trackingNumber: '1234567890',
          url: '',
          by: 'admin-1',
          at: '2025-03-02T10:00:00.000Z',
        },
      },
    ]);
    await mailHandler(shop.deps)({
      id: randomUUID(),
      subject: MAIL_SUBJECTS.orderShipped,
      data: { orderId },
      attempt: 1,
    });
    const body = lastMailTo(email);
    expect(body).toContain('is on its way');
    expect(body).toContain('Hello Asha,\n');
  });
});
