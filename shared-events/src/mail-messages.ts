// The e-mail requests the mail reactor publishes (from events) and the mail consumer sends.
// Each carries ids only, never an address or a secret: the consumer looks them up when sending, so
// the bus holds nothing personal and a link is derived only by the server.
import { z } from 'zod';

export const MAIL_SUBJECT_PREFIX = 'printshop.mail';
export const MAIL_SUBJECTS = {
  passwordReset: `${MAIL_SUBJECT_PREFIX}.password-reset`,
  /** A contact-form message, to the shop's own address. */
  contact: `${MAIL_SUBJECT_PREFIX}.contact`,
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
