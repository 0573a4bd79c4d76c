// The Mailer port: how the shop sends an e-mail. Adapters live in infra/src/mail (SMTP through
// nodemailer when SMTP_URL is set, else a dev mailbox under DATA_DIR/mail). Nothing calls it from a
// request: messages go through the bus (see mail-messages.ts), so none is lost while SMTP is down.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (a contact message: the customer who wrote it). */
  replyTo?: string;
}

export interface Mailer {
  /** Resolves once the message has been handed over; rejects when it could not be (retry later). */
  send(message: MailMessage): Promise<void>;
}
