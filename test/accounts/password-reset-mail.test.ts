// Forgot password end to end: the request is an event, the mail reactor turns it into a bus
// message, the mail consumer sends it — over a REAL SMTP server started here when SMTP_URL is set,
// into the dev mailbox (a file under DATA_DIR/mail) when it is not — and the link in the mail
// resets the password.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { natsUrl } from '@printshop/test/support/database';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { decodedBody, header, startSmtpServer } from '@printshop/test/support/smtp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `find` returns something or the time is up (then undefined: the test says what is missing). */
async function eventually<T>(find: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const found = await find();
    if (found !== undefined) return found;
  }
  return undefined;
}

// Parallel test apps share one NATS: each of these gets its own mail durable, so no other app's
// consumer takes its messages; they are deleted afterwards.
const durables: string[] = [];
const mailDurable = () => {
  const name = `mailer_test_${randomUUID().slice(0, 8)}`;
  durables.push(name);
  return name;
};
afterAll(async () => {
  const nc = await connect({ servers: natsUrl() });
  const jsm = await nc.jetstreamManager();
  for (const durable of durables) await jsm.consumers.delete('PRINTSHOP', durable).catch(() => undefined);
  await nc.close();
});

async function post(app: TestApp, route: string, body: unknown) {
  const response = await fetch(`${app.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register(app: TestApp) {
  const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'OldPassw0rd';
  const { status } = await post(app, '/api/auth/register', {
    email,
    password,
    firstName: 'Rosa',
    lastName: 'Reset',
  });
  expect(status).toBe(201);
  return { email, password };
}

/** The reset link's token works once: the new password signs in, the old one no longer does. */
async function resetWith(app: TestApp, token: string, email: string, oldPassword: string) {
  const newPassword = 'NewPassw0rd';
  const reset = await post(app, '/api/auth/reset-password', {
    token,
    password: newPassword,
    confirmPassword: newPassword,
  });
  expect(reset).toMatchObject({ status: 200, body: { success: true } });
  expect((await post(app, '/api/auth/login', { email, password: newPassword })).status).toBe(200);
  expect((await post(app, '/api/auth/login', { email, password: oldPassword })).status).toBe(401);
  const again = await post(app, '/api/auth/reset-password', {
    token,
    password: 'Other1Passw0rd',
    confirmPassword: 'Other1Passw0rd',
  });
  expect(again.status).toBe(400);
}

describe('with SMTP_URL', () => {
  it('given a registered user, when they forget their password, then the SMTP server gets a mail whose link resets it', async () => {
    const smtp = await startSmtpServer();
    const app = await startTestApp({
      label: 'reset_smtp',
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example/', MAIL_DURABLE: mailDurable() },
    });
    try {
      const { email, password } = await register(app);
      const forgot = await post(app, '/api/auth/forgot-password', { email });
      expect(forgot).toMatchObject({ status: 200, body: { success: true } });

      const mail = await eventually(() => smtp.received.find((m) => m.to.includes(email)));
      expect(mail, 'no mail reached the SMTP server').toBeDefined();
      expect(mail!.user).toBe('shop');
      expect(header(mail!.raw, 'Subject')).toBe('Reset your PrintShop password');
      expect(header(mail!.raw, 'From')).toContain('no-reply@printshop.local');
      const token = /https:\/\/shop\.example\/reset-password\/([A-Za-z0-9._-]+)/.exec(
        decodedBody(mail!.raw),
      )?.[1];
      expect(token, 'no reset link in the mail').toBeDefined();

      await resetWith(app, token!, email, password);
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      // stop() throws when the shop logged an error: the SMTP server closes all the same.
      await app.stop().finally(() => smtp.close());
    }
  });
});

describe('without SMTP_URL', () => {
  it('given a registered user, when they forget their password, then the dev mailbox gets a .eml file whose link resets it', async () => {
    const app = await startTestApp({ label: 'reset_devmail', env: { MAIL_DURABLE: mailDurable() } });
    try {
      const { email, password } = await register(app);
      expect((await post(app, '/api/auth/forgot-password', { email })).status).toBe(200);

      const dir = path.join(app.dataDir, 'mail');
      const file = await eventually(async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        return names.find((name) => name.endsWith('.eml'));
      });
      expect(file, `no message in ${dir}`).toBeDefined();
      const raw = await readFile(path.join(dir, file!), 'utf8');
      expect(header(raw, 'To')).toBe(email);
      expect(header(raw, 'Subject')).toBe('Reset your PrintShop password');
      const token = /\/reset-password\/([A-Za-z0-9._-]+)/.exec(decodedBody(raw))?.[1];
      expect(token, 'no reset link in the mail').toBeDefined();

      await resetWith(app, token!, email, password);
    } finally {
      await app.stop();
    }
  });
});
