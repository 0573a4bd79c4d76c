// The dev mailbox writes each message as an .eml file and logs its subject and first link; the
// SMTP mailer's log line names the server without the credentials of SMTP_URL.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '@printshop/shared-events/logger';
import { createDevMailbox } from './dev-mailbox';
import { createSmtpMailer } from './smtp-mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recordingLogger() {
  const lines: Array<{ obj: unknown; msg?: string }> = [];
  const log = (obj: object | string, msg?: string) => void lines.push({ obj, msg });
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines };
}

describe('dev mailbox', () => {
  it('given a message, when sent, then it is an .eml file under the dir and its subject and link are logged', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'printshop-mail-')), 'mail');
    dirs.push(path.dirname(dir));
    const { logger, lines } = recordingLogger();
    const mailbox = createDevMailbox({ dir, from: 'PrintShop <no-reply@printshop.local>', logger });

    await mailbox.send({
      to: 'ada@example.com',
      subject: 'Reset your PrintShop password',
      text: 'Hello,\nhttp://localhost:3000/reset-password/abc.def.ghi\nand https://second.example',
      html: '<p>Hello</p>',
    });
    await mailbox.close();

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^Subject: Reset your PrintShop password$/m);
    expect(raw).toContain('multipart/alternative');
    expect(lines.at(-1)).toMatchObject({
      obj: {
        subject: 'Reset your PrintShop password',
        link: 'http://localhost:3000/reset-password/abc.def.ghi',
      },
    });
  });
});

describe('SMTP mailer', () => {
  it('given an SMTP_URL with a password, then its log names host and port only', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createSmtpMailer({
      url: 'smtp://user:hunter22@mail.example.com:2525',
      from: 'x@example.com',
      logger,
    });
    await mailer.close();
    expect(JSON.stringify(lines)).toContain('mail.example.com:2525');
    expect(JSON.stringify(lines)).not.toContain('hunter22');
  });
});
