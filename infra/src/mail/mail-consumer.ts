// Sends the mails the mail reactor asked for (bus subjects `printshop.mail.>`, durable 'mailer').
// For each message it looks the recipient up in the event log (no projection lag), renders the mail
// and hands it to the Mailer. A failure to send throws: the bus redelivers later with backoff, so a
// mail is not lost while SMTP is down. The id of every sent message is recorded in the same
// transaction that holds the claim during the send, so a redelivery does not send it twice.
import type { Knex } from 'knex';
import type { Bus, Consumer, Delivery, MessageHandler } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { Logger } from '@printshop/shared-events/logger';
import {
  ALL_MAIL_SUBJECTS,
  checkoutRecoveryMailSchema,
  contactMailSchema,
  MAIL_SUBJECTS,
  orderMailSchema,
  passwordResetMailSchema,
} from '@printshop/shared-events/mail-messages';
import {
  checkoutStreamName,
  type CheckoutEvent,
  type OrderAmounts,
} from '@printshop/shared-events/events/checkout';
import { contactStreamName, type ContactEvent } from '@printshop/shared-events/events/contact';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { foldOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import { carrierTrackingUrl, shopTrackingUrl } from '@printshop/shared-events/rules/carriers';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { formatMoney } from '@printshop/shared-events/rules/money';
import type { MailMessage, Mailer } from '@printshop/shared-events/mailer';
import { loadUser } from '@printshop/command-service/user/find-user';
import { RESET_LINK_LIFETIME_MS } from '@printshop/command-service/user/decide';
import { resetToken } from '@printshop/command-service/user/reset-token';
import {
  checkoutRecoveryMail,
  contactMail,
  orderConfirmationMail,
  orderShippedMail,
  passwordResetMail,
  resetPasswordLink,
} from './templates';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const MAIL_SENT_TABLE = 'mail_outbox_sent';

/** SMTP down for hours is waited out: about 4 h of tries, then the dead-letter subject keeps it. */
export const MAIL_BACKOFF_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];
export const MAIL_MAX_DELIVER = 12;

export interface MailConsumerDeps {
  bus: Bus;
  db: Knex;
  store: EventStore;
  mailer: Mailer;
  /** config.jwtSecret: reset links are derived from it (command-service/src/user/reset-token.ts). */
  secret: string;
  /** Base of links, no trailing slash. */
  publicUrl: string;
  logger: Logger;
  /** Where contact messages go (SHOP_EMAIL); unset: they stay in the event log only, with a warning. */
  shopEmail?: string;
  /** Default 'mailer'. */
  durable?: string;
  now?: () => Date;
}

/** Creates the table of sent message ids; safe to run from several processes at once. */
export async function migrateMailOutbox(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'mail-outbox', async (trx) => {
    await trx.raw(`
      create table if not exists ${MAIL_SENT_TABLE} (
        message_id text primary key,
        subject text not null,
        sent_at timestamptz not null default now()
      )`);
  });
}

/** What to send for a message, or why nothing is sent. */
type Composed = { mail: MailMessage } | { skip: string };

/**
 * The minutes a reset link still works, as the mail states them. Rounded up: the mail goes out a
 * moment after the request, so 59:59.8 left is the configured hour, not '59 minutes'; a mail held
 * back (SMTP down) says what is left. Never more than the configured lifetime (another process's
 * clock a little behind).
 */
const minutesLeft = (msLeft: number): number =>
  Math.min(RESET_LINK_LIFETIME_MS / 60_000, Math.max(1, Math.ceil(msLeft / 60_000)));

async function composePasswordReset(deps: MailConsumerDeps, data: unknown, now: Date): Promise<Composed> {
  const { userId, requestId, expiresAt } = passwordResetMailSchema.parse(data);
  const user = await loadUser(deps.store, userId);
  // The event proves the account exists in this shop's log; when it does not, the message came
  // from another shop sharing the bus (or the account is gone): not ours to send.
  if (user.status !== 'registered') return { skip: 'no such account in this shop' };
  if (user.pendingReset?.requestId !== requestId) return { skip: 'reset request superseded or used' };
  const msLeft = new Date(expiresAt).getTime() - now.getTime();
  if (msLeft <= 0) return { skip: 'reset request expired before it could be sent' };
  const link = resetPasswordLink(deps.publicUrl, resetToken(deps.secret, userId, requestId));
  const rendered = passwordResetMail({
    firstName: user.firstName,
    link,
    validMinutes: minutesLeft(msLeft),
  });
  return { mail: { to: user.email, ...rendered } };
}

async function composeContact(deps: MailConsumerDeps, data: unknown): Promise<Composed> {
  const { contactId } = contactMailSchema.parse(data);
  const [event] = await deps.store.readStream<ContactEvent>(contactStreamName(contactId), { maxCount: 1 });
  // As for resets: a message not in this shop's log came from another shop sharing the bus.
  if (event?.type !== 'ContactMessageReceived') return { skip: 'no such contact message in this shop' };
  if (!deps.shopEmail) {
    deps.logger.warn({ contactId }, 'SHOP_EMAIL is not set: the contact message is kept in the log only');
    return { skip: 'no shop address configured' };
  }
  const { name, email, subject, message, receivedAt } = event.data;
  return {
    mail: {
      to: deps.shopEmail,
      replyTo: email,
      ...contactMail({ name, email, subject, message, receivedAt }),
    },
  };
}

/** The order as it is now, from its stream (no projection lag); undefined when not in this shop. */
async function loadOrder(deps: MailConsumerDeps, data: unknown): Promise<OrderView | undefined> {
  const { orderId } = orderMailSchema.parse(data);
  return foldOrderView(await deps.store.readStream<OrderEvent>(orderStreamName(orderId)));
}

/**
 * Whom an order's or a checkout's mail greets: a signed-in customer by their account's first name
 * (the parcel may go to someone else: a gift, a relative), a guest by the shipping address's name,
 * the only name a guest gives.
 */
async function greetingName(
  deps: MailConsumerDeps,
  userId: string | undefined,
  shippingName: string | undefined,
): Promise<string> {
  if (userId === undefined) return shippingName ?? '';
  const user = await loadUser(deps.store, userId);
  return user.status === 'registered' ? user.firstName : '';
}

/** The order's discounts, each on its own receipt line; only those it has. */
function orderDiscounts(amounts: OrderAmounts): Array<{ label: string; minor: number }> {
  const discounts = [
    { label: 'Bulk discount', minor: amounts.discount },
    { label: `Code ${amounts.promotionCode ?? ''}`.trim(), minor: amounts.promotionDiscount ?? 0 },
    { label: 'Loyalty points', minor: amounts.loyaltyDiscount },
  ];
  return discounts.filter((discount) => discount.minor > 0);
}

async function composeOrderConfirmation(deps: MailConsumerDeps, data: unknown): Promise<Composed> {
  const order = await loadOrder(deps, data);
  if (!order) return { skip: 'no such order in this shop' };
  const { amounts } = order;
  const money = (minor: number) => formatMoney(minor, amounts.currency);
  return {
    mail: {
      to: order.email,
      ...orderConfirmationMail({
        name: await greetingName(deps, order.userId, order.shippingAddress.fullName),
        orderNumber: order.orderNumber,
        // The name the shop's pages show: the catalog name without its ' | …' page-title tail.
        lines: order.lines.map((line) => ({
          name: shortName(line.name),
          quantity: line.quantity,
          lineTotal: money(line.lineTotal),
        })),
        subtotal: money(amounts.subtotal),
        discounts: orderDiscounts(amounts).map(({ label, minor }) => ({ label, amount: money(minor) })),
        shipping: amounts.shipping === 0 ? 'Free' : money(amounts.shipping),
        total: money(amounts.total),
        totalMinor: amounts.total,
        trackLink: shopTrackingUrl(deps.publicUrl, order.orderNumber, order.email),
      }),
    },
  };
}

async function composeOrderShipped(deps: MailConsumerDeps, data: unknown): Promise<Composed> {
  const order = await loadOrder(deps, data);
  if (!order?.tracking) return { skip: 'no such shipped order in this shop' };
  const { carrier, number, url } = order.tracking;
  return {
    mail: {
      to: order.email,
      ...orderShippedMail({
        name: await greetingName(deps, order.userId, order.shippingAddress.fullName),
        orderNumber: order.orderNumber,
        carrier,
        trackingNumber: number,
        // The carrier's page when we know it, else the shop's own tracking page.
        trackingLink:
          url ||
          carrierTrackingUrl(carrier, number) ||
          shopTrackingUrl(deps.publicUrl, order.orderNumber, order.email),
      }),
    },
  };
}

/** A checkout's reminder: to its e-mail, unless it was paid meanwhile (or is not in this shop). */
async function composeCheckoutRecovery(deps: MailConsumerDeps, data: unknown): Promise<Composed> {
  const { checkoutId } = checkoutRecoveryMailSchema.parse(data);
  const events = await deps.store.readStream<CheckoutEvent>(checkoutStreamName(checkoutId));
  const started = events.find((event) => event.type === 'CheckoutStarted');
  if (!started) return { skip: 'no such checkout in this shop' };
  if (events.some((event) => event.type === 'CheckoutCompleted')) return { skip: 'checkout paid meanwhile' };
  const { userId, email, lines, amounts, shippingAddress } = started.data;
  if (!email?.trim()) return { skip: 'checkout has no e-mail address' };
  return {
    mail: {
      to: email.trim(),
      ...checkoutRecoveryMail({
        name: await greetingName(deps, userId, shippingAddress?.fullName),
        lines: lines.map((line) => ({ name: shortName(line.name), quantity: line.quantity })),
        total: formatMoney(amounts.total, amounts.currency),
        link: `${deps.publicUrl}/cart`,
      }),
    },
  };
}

const composers: Record<string, (deps: MailConsumerDeps, data: unknown, now: Date) => Promise<Composed>> = {
  [MAIL_SUBJECTS.passwordReset]: composePasswordReset,
  [MAIL_SUBJECTS.contact]: composeContact,
  [MAIL_SUBJECTS.checkoutRecovery]: composeCheckoutRecovery,
  [MAIL_SUBJECTS.orderConfirmation]: composeOrderConfirmation,
  [MAIL_SUBJECTS.orderShipped]: composeOrderShipped,
};

/**
 * Sends unless already sent. The row is inserted before sending and committed after: a failed send
 * rolls it back (the redelivery tries again), and a concurrent redelivery waits on the row and then
 * sees it. A crash between the send and the commit can still send twice: SMTP has no transactions.
 */
async function sendOnce(deps: MailConsumerDeps, delivery: Delivery, mail: MailMessage): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const claimed = await trx(MAIL_SENT_TABLE)
      .insert({ message_id: delivery.id, subject: delivery.subject })
      .onConflict('message_id')
      .ignore()
      .returning('message_id');
    if (claimed.length === 0) return false;
    await deps.mailer.send(mail);
    return true;
  });
}

export function mailHandler(deps: MailConsumerDeps): MessageHandler {
  const logger = deps.logger.child?.({ consumer: 'mail' }) ?? deps.logger;
  return async (delivery) => {
    const compose = composers[delivery.subject];
    // A kind this version cannot send: fail, so it ends on the dead-letter subject, not silently.
    if (!compose) throw new Error(`no mail template for ${delivery.subject}`);
    const composed = await compose(deps, delivery.data, deps.now?.() ?? new Date());
    // Never log the recipient's address, the link or the token.
    const about = { messageId: delivery.id, subject: delivery.subject, attempt: delivery.attempt };
    if ('skip' in composed) {
      logger.info({ ...about, reason: composed.skip }, 'mail not sent');
      return;
    }
    if (await sendOnce(deps, delivery, composed.mail)) logger.info(about, 'mail sent');
    else logger.info(about, 'mail already sent, redelivery dropped');
  };
}

export async function startMailConsumer(deps: MailConsumerDeps): Promise<Consumer> {
  await migrateMailOutbox(deps.db);
  return deps.bus.consume(
    {
      durable: deps.durable ?? 'mailer',
      subject: ALL_MAIL_SUBJECTS,
      maxDeliver: MAIL_MAX_DELIVER,
      backoffMs: MAIL_BACKOFF_MS,
    },
    mailHandler(deps),
  );
}
