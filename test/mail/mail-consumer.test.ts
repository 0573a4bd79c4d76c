// The mail consumer's handler against a real store and a real SMTP server: what it sends for a
// password-reset request (and for how long its link works), that a redelivery (even a concurrent one) sends nothing more, that an
// SMTP refusal leaves the message to be retried, and what it declines to send.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '@printshop/shared-events/bus';
import { userStreamName } from '@printshop/shared-events/events/user';
import { MAIL_SUBJECTS, type PasswordResetMail } from '@printshop/shared-events/mail-messages';
import { verifyResetToken } from '@printshop/command-service/user/reset-token';
import { MAIL_SENT_TABLE, mailHandler } from '@printshop/infra/mail/mail-consumer';
import { PUBLIC_URL, SECRET, useMailConsumer, userRegistered } from './support';
import { decodedBody, header } from '@printshop/test/support/smtp';

const requestedAt = new Date('2025-03-01T10:00:00.000Z');
const expiresAt = new Date(requestedAt.getTime() + 60 * 60 * 1000);

const shop = useMailConsumer('mail_consumer', { now: () => new Date(requestedAt.getTime() + 60_000) });

/** A registered user with a pending reset request; returns the bus message the reactor would make. */
async function userAskingForReset(
  firstName = 'Ada',
): Promise<Delivery<PasswordResetMail> & { email: string }> {
  const userId = randomUUID();
  const requestId = randomUUID();
  const email = `${firstName.toLowerCase()}.${userId.slice(0, 8)}@example.com`;
  await shop.subject.store.appendToStream(userStreamName(userId), [
    userRegistered(userId, email, { firstName, lastName: 'Lovelace' }, requestedAt.toISOString()),
    {
      type: 'PasswordResetRequested',
      data: { requestId, expiresAt: expiresAt.toISOString(), requestedAt: requestedAt.toISOString() },
    },
  ]);
  return {
    id: randomUUID(),
    subject: MAIL_SUBJECTS.passwordReset,
    data: { userId, requestId, expiresAt: expiresAt.toISOString() },
    attempt: 1,
    email,
  };
}

const sentRows = (messageId: string) => shop.subject.db(MAIL_SENT_TABLE).where({ message_id: messageId });

describe('a password-reset message', () => {
  it('given a pending request, when delivered, then the user gets one mail whose link resets their password', async () => {
    const delivery = await userAskingForReset('Ada');
    await mailHandler(shop.deps)(delivery);

    expect(shop.smtp.received).toHaveLength(1);
    const [mail] = shop.smtp.received;
    expect(mail!.user).toBe('shop');
    expect(mail!.to).toEqual([delivery.email]);
    expect(mail!.from).toBe('no-reply@printshop.local');
    expect(header(mail!.raw, 'Subject')).toBe('Reset your PrintShop password');
    const body = decodedBody(mail!.raw);
    expect(body).toContain('Hello Ada,');
    const token = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9._-]+)`).exec(body)?.[1];
    expect(token && verifyResetToken(SECRET, token)).toEqual({
      userId: delivery.data.userId,
      requestId: delivery.data.requestId,
    });
    expect(await sentRows(delivery.id)).toHaveLength(1);
  });

  it('given the mail goes out a moment after the request, then it says the link works for the whole hour, not 59 minutes', async () => {
    const delivery = await userAskingForReset();
    await mailHandler({ ...shop.deps, now: () => new Date(requestedAt.getTime() + 250) })(delivery);
    expect(decodedBody(shop.smtp.received[0]!.raw)).toContain(
      'The link works once, for the next 60 minutes.',
    );
  });

  it('given the mail was held back 20 minutes (SMTP down), then it says the 40 minutes left, not 39', async () => {
    const delivery = await userAskingForReset();
    const now = () => new Date(requestedAt.getTime() + 20 * 60_000 + 250);
    await mailHandler({ ...shop.deps, now })(delivery);
    expect(decodedBody(shop.smtp.received[0]!.raw)).toContain(
      'The link works once, for the next 40 minutes.',
    );
  });

  it('given it was sent, when it is redelivered, also twice at once, then nothing more is sent', async () => {
    const delivery = await userAskingForReset();
    const handle = mailHandler(shop.deps);
    await handle(delivery);
    await handle({ ...delivery, attempt: 2 });
    await Promise.all([handle({ ...delivery, attempt: 3 }), handle({ ...delivery, attempt: 3 })]);
    expect(shop.smtp.received.map((mail) => mail.to)).toEqual([[delivery.email]]);
  });

  it('given two deliveries of a new message at once, then exactly one mail goes out', async () => {
    const delivery = await userAskingForReset();
    const handle = mailHandler(shop.deps);
    await Promise.all([handle(delivery), handle({ ...delivery, attempt: 2 })]);
    expect(shop.smtp.received).toHaveLength(1);
  });

  it('given SMTP refuses, when delivered, then the handler fails (the bus retries) and nothing is recorded; the retry sends it', async () => {
    const delivery = await userAskingForReset();
    const handle = mailHandler(shop.deps);
    shop.smtp.refusing = true;
    await expect(handle(delivery)).rejects.toThrow(/451|Try again later/);
    expect(await sentRows(delivery.id)).toHaveLength(0);

    shop.smtp.refusing = false;
    await handle({ ...delivery, attempt: 2 });
    expect(shop.smtp.received.map((mail) => mail.to)).toEqual([[delivery.email]]);
    expect(await sentRows(delivery.id)).toHaveLength(1);
  });
});

describe('what is not sent', () => {
  it('given a newer request, when the older one is delivered, then only the newer is sent', async () => {
    const older = await userAskingForReset();
    const newerRequest = randomUUID();
    await shop.subject.store.appendToStream(userStreamName(older.data.userId), [
      {
        type: 'PasswordResetRequested',
        data: {
          requestId: newerRequest,
          expiresAt: expiresAt.toISOString(),
          requestedAt: requestedAt.toISOString(),
        },
      },
    ]);
    const handle = mailHandler(shop.deps);
    await handle(older);
    expect(shop.smtp.received).toHaveLength(0);
    await handle({ ...older, id: randomUUID(), data: { ...older.data, requestId: newerRequest } });
    expect(shop.smtp.received).toHaveLength(1);
  });

  it('given the link expired while waiting, when delivered, then nothing is sent', async () => {
    const delivery = await userAskingForReset();
    await mailHandler({ ...shop.deps, now: () => new Date(expiresAt.getTime() + 1) })(delivery);
    expect(shop.smtp.received).toHaveLength(0);
    expect(await sentRows(delivery.id)).toHaveLength(0);
  });

  it('given an account this shop does not have (another shop on the bus), when delivered, then it is dropped', async () => {
    const delivery = await userAskingForReset();
    await mailHandler(shop.deps)({ ...delivery, data: { ...delivery.data, userId: randomUUID() } });
    expect(shop.smtp.received).toHaveLength(0);
  });

  it('given a kind of mail without a template, or a malformed one, when delivered, then it fails (to the dead letter)', async () => {
    const delivery = await userAskingForReset();
    const handle = mailHandler(shop.deps);
    await expect(handle({ ...delivery, subject: 'printshop.mail.unknown-kind' })).rejects.toThrow(
      /no mail template/,
    );
    await expect(
      handle({ ...delivery, data: { userId: delivery.data.userId } as PasswordResetMail }),
    ).rejects.toThrow();
    expect(shop.smtp.received).toHaveLength(0);
  });
});
