// The Mailer of this process: SMTP when SMTP_URL is set, else the dev mailbox under DATA_DIR/mail.
import path from 'node:path';
import type { Logger } from '@printshop/shared-events/logger';
import type { Mailer } from '@printshop/shared-events/mailer';
import type { Config } from '../config';
import { createDevMailbox } from './dev-mailbox';
import { createSmtpMailer } from './smtp-mailer';

export const devMailboxDir = (dataDir: string) => path.join(dataDir, 'mail');

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: Logger,
): Mailer & { close(): Promise<void> } {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, logger })
    : createDevMailbox({ dir: devMailboxDir(config.dataDir), from: config.mailFrom, logger });
}
