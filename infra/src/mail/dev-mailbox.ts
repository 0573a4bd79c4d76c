// The Mailer port without an SMTP server (SMTP_URL unset): each message is written as a complete
// RFC 822 file (.eml, opens in any mail client) under DATA_DIR/mail, and its subject and first link
// are logged. Logging the link (which may be a password-reset link) is deliberate: this is a
// development tool, so the developer can click it; it is never used when SMTP_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@printshop/shared-events/logger';
import type { Mailer } from '@printshop/shared-events/mailer';

export interface DevMailbox extends Mailer {
  readonly dir: string;
  close(): Promise<void>;
}

const FIRST_LINK = /https?:\/\/[^\s"'<>]+/;

export function createDevMailbox(o: { dir: string; from: string; logger: Logger }): DevMailbox {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  o.logger.info({ dir: o.dir }, 'SMTP_URL is not set: mail is written to the dev mailbox');
  return {
    dir: o.dir,
    async send({ to, subject, text, html, replyTo }) {
      const info = await transport.sendMail({ from: o.from, to, subject, text, html, replyTo });
      await mkdir(o.dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(o.dir, name);
      await writeFile(file, info.message as Buffer);
      o.logger.info({ subject, link: FIRST_LINK.exec(text)?.[0], file }, 'dev mailbox: message written');
    },
    async close() {
      transport.close();
    },
  };
}
