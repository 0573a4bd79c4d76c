// The mail consumer's handler for checkout-recovery messages, against a real store and a real SMTP
// server: the reminder goes to the checkout's e-mail with its lines, total and a link back; a
// checkout paid between the request and the sending gets nothing, nor one not in this shop's log.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { checkoutStreamName } from '@printshop/shared-events/events/checkout';
import { MAIL_SUBJECTS } from '@printshop/shared-events/mail-messages';
import { silentLogger } from '@printshop/shared-events/logger';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import { mailHandler, migrateMailOutbox, type MailConsumerDeps } from '@printshop/infra/mail/mail-consumer';
import { createSmtpMailer, type SmtpMailer } from '@printshop/infra/mail/smtp-mailer';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { decodedBody, header, startSmtpServer, type TestSmtp } from '@printshop/test/support/smtp';

let subject: TestStore;
let smtp: TestSmtp;
let mailer: SmtpMailer;
let deps: MailConsumerDeps;

beforeAll(async () => {
  subject = await createTestStore('recovery_mail', { registry: new EventRegistry(allEvents) });
  await migrateMailOutbox(subject.db);
  smtp = await startSmtpServer();
  mailer = createSmtpMailer({
    url: smtp.url,
    from: 'PrintShop <no-reply@printshop.local>',
    logger: silentLogger,
  });
  deps = {
    bus: createInProcessBus({ logger: silentLogger }),
    db: subject.db,
    store: subject.store,
    mailer,
    secret: 'a-test-secret-that-is-long-enough-0123456789',
    publicUrl: 'https://shop.example',
    logger: silentLogger,
  };
});
afterAll(async () => {
  await mailer?.close();
  await smtp?.close();
  await deps?.bus.close();
  await subject?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A checkout with a recovery e-mail asked for; returns the message the mail reactor would publish. */
async function abandonedCheckout(email = `grace.${randomUUID().slice(0, 6)}@example.com`) {
  const checkoutId = randomUUID();
  await subject.store.appendToStream(checkoutStreamName(checkoutId), [
    {
      type: 'CheckoutStarted',
      data: {
        checkoutId,
        cartId: randomUUID(),
        email,
        shippingAddress: { fullName: 'Grace Hopper', phone: '1', line1: 'x', city: 'y', country: 'GB' },
        country: 'GB',
        lines: [
          {
            lineId: 'l1',
            sku: 'POSTERA3',
            name: 'A3 Poster',
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
    await mailHandler(deps)(delivery);
    await mailHandler(deps)({ ...delivery, attempt: 2 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([[email]]);
    const raw = smtp.received[0]!.raw;
    expect(header(raw, 'Subject')).toBe('Your PrintShop order is waiting');
    const body = Buffer.from(decodedBody(raw), 'latin1').toString('utf8');
    expect(body).toContain('Hello Grace Hopper,');
    expect(body).toContain('3 x A3 Poster');
    expect(body).toContain('Total: £39.50');
    expect(body).toContain('https://shop.example/cart');
  });

  it('given the checkout was paid before the mail went out, then nothing is sent', async () => {
    const { checkoutId, delivery } = await abandonedCheckout();
    await subject.store.appendToStream(checkoutStreamName(checkoutId), [
      {
        type: 'CheckoutCompleted',
        data: { checkoutId, orderId: 'o1', orderNumber: 'PS-1', at: '2025-03-01T12:01:00.000Z' },
      },
    ]);
    await mailHandler(deps)(delivery);
    expect(smtp.received).toEqual([]);
  });

  it('given a checkout this shop does not know, or a message without a checkout id, then nothing is sent / it fails', async () => {
    await mailHandler(deps)({ ...(await abandonedCheckout()).delivery, data: { checkoutId: randomUUID() } });
    expect(smtp.received).toEqual([]);
    await expect(
      mailHandler(deps)({ id: randomUUID(), subject: MAIL_SUBJECTS.checkoutRecovery, data: {}, attempt: 1 }),
    ).rejects.toThrow();
  });
});
