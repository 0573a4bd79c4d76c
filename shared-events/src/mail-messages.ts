// The e-mail requests the mail reactor publishes (from events) and the mail consumer sends.
// Each carries ids only, never an address or a secret: the consumer looks them up when sending, so
// the bus holds nothing personal and a link is derived only by the server.
import { z } from 'zod';

export const MAIL_SUBJECT_PREFIX = 'printshop.mail';
export const MAIL_SUBJECTS = {
  passwordReset: `${MAIL_SUBJECT_PREFIX}.password-reset`,
  /** A contact-form message, to the shop's own address. */
  contact: `${MAIL_SUBJECT_PREFIX}.contact`,
  /** The receipt of a paid order, to its e-mail. */
  orderConfirmation: `${MAIL_SUBJECT_PREFIX}.order-confirmation`,
  /** An order left the shop: carrier, tracking number and a tracking link. */
  orderShipped: `${MAIL_SUBJECT_PREFIX}.order-shipped`,
  /** An admin's reminder of an abandoned checkout, to the checkout's e-mail. */
  checkoutRecovery: `${MAIL_SUBJECT_PREFIX}.checkout-recovery`,
} as const;
/** What the mail consumer subscribes to (every kind of mail, present and future). */
export const ALL_MAIL_SUBJECTS = `${MAIL_SUBJECT_PREFIX}.>`;

export const passwordResetMailSchema = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PasswordResetMail = z.infer<typeof passwordResetMailSchema>;

export const contactMailSchema = z.object({ contactId: z.string().min(1) });
export type ContactMail = z.infer<typeof contactMailSchema>;

/** Both order mails: the consumer reads the order (and its tracking) from the log when sending. */
export const orderMailSchema = z.object({ orderId: z.string().min(1) });
export type OrderMail = z.infer<typeof orderMailSchema>;

/** The checkout is read from its stream when sending: a checkout paid meanwhile gets no reminder. */
export const checkoutRecoveryMailSchema = z.object({ checkoutId: z.string().min(1) });
export type CheckoutRecoveryMail = z.infer<typeof checkoutRecoveryMailSchema>;
