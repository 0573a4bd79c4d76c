// E-mails are sent because something happened: this reactor turns the events that call for a
// message into bus messages for the mail consumer (infra/src/mail/mail-consumer.ts). The message id
// is the event id, so a republish after a crash or an outage is dropped as a duplicate.
// Orders: OrderPaid sends the receipt, OrderShipped the tracking mail (ids only, as the others).
import type { BusMessage } from '@printshop/shared-events/bus';
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { CHECKOUT_STREAM_CATEGORY } from '@printshop/shared-events/events/checkout';
import { CONTACT_STREAM_CATEGORY } from '@printshop/shared-events/events/contact';
import { ORDER_STREAM_CATEGORY } from '@printshop/shared-events/events/order';
import { USER_STREAM_CATEGORY } from '@printshop/shared-events/events/user';
import {
  MAIL_SUBJECTS,
  type CheckoutRecoveryMail,
  type ContactMail,
  type OrderMail,
  type PasswordResetMail,
} from '@printshop/shared-events/mail-messages';
import { messageId, type Reactor } from './reactor';

type ResetRequested = RecordedEvent<'PasswordResetRequested', { requestId: string; expiresAt: string }>;

/** `user-<userId>` -> userId (ids may contain '-'). */
const userIdOf = (streamName: string) => streamName.slice(USER_STREAM_CATEGORY.length + 1);

export const mailReactor: Reactor = {
  name: 'mail',
  eventTypes: [
    'PasswordResetRequested',
    'ContactMessageReceived',
    'OrderPaid',
    'OrderShipped',
    'RecoveryEmailRequested',
  ],
  react(event: RecordedEvent): BusMessage[] {
    if (event.type === 'RecoveryEmailRequested') {
      if (streamCategory(event.streamName) !== CHECKOUT_STREAM_CATEGORY) return [];
      const mail: CheckoutRecoveryMail = { checkoutId: (event.data as { checkoutId: string }).checkoutId };
      return [{ id: messageId(event), subject: MAIL_SUBJECTS.checkoutRecovery, data: mail }];
    }
    if (event.type === 'OrderPaid' || event.type === 'OrderShipped') {
      if (streamCategory(event.streamName) !== ORDER_STREAM_CATEGORY) return [];
      const mail: OrderMail = { orderId: (event.data as { orderId: string }).orderId };
      const subject =
        event.type === 'OrderPaid' ? MAIL_SUBJECTS.orderConfirmation : MAIL_SUBJECTS.orderShipped;
      return [{ id: messageId(event), subject, data: mail }];
    }
    if (event.type === 'ContactMessageReceived') {
      if (streamCategory(event.streamName) !== CONTACT_STREAM_CATEGORY) return [];
      const mail: ContactMail = { contactId: (event.data as { contactId: string }).contactId };
      return [{ id: messageId(event), subject: MAIL_SUBJECTS.contact, data: mail }];
    }
    if (
      event.type !== 'PasswordResetRequested' ||
      streamCategory(event.streamName) !== USER_STREAM_CATEGORY
    ) {
      return [];
    }
    const { data } = event as ResetRequested;
    const mail: PasswordResetMail = {
      userId: userIdOf(event.streamName),
      requestId: data.requestId,
      expiresAt: data.expiresAt,
    };
    return [{ id: messageId(event), subject: MAIL_SUBJECTS.passwordReset, data: mail }];
  },
};
