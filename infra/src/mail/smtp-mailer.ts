// The Mailer port over SMTP (nodemailer), used when SMTP_URL is set. It fails fast when the server
// is unreachable: the mail consumer then leaves the message on the bus for a later try.
import nodemailer from 'nodemailer';
import type { Logger } from '@printshop/shared-events/logger';
import type { Mailer } from '@printshop/shared-events/mailer';

export interface SmtpMailer extends Mailer {
  close(): Promise<void>;
}

/** host:port of an SMTP URL, for logs: the URL itself carries the password. */
export function smtpServerOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')}`;
}

export function createSmtpMailer(o: { url: string; from: string; logger: Logger }): SmtpMailer {
  const transport = nodemailer.createTransport(
    { url: o.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: o.from },
  );
  o.logger.info({ smtp: smtpServerOf(o.url) }, 'mail goes out over SMTP');
  return {
    async send({ to, subject, text, html, replyTo }) {
      await transport.sendMail({ to, subject, text, html, replyTo });
    },
    async close() {
      transport.close();
    },
  };
}
