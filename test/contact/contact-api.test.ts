// POST /api/contact over HTTP: a valid message is an event in the log and a mail to the shop's
// address (the dev mailbox under the app's DATA_DIR/mail), answered 201; bad bodies are 400 with
// field messages; one address is refused with 429 after the limit.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES, contactResponseSchema } from '@printshop/shared-events/api/contact';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { CONTACT_ANSWERS } from '@printshop/command-service/contact/messages';
import { CONTACT_LIMIT } from '@printshop/infra/contact/contact-rate-limit';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { expectTooMany } from '@printshop/test/support/too-many';
import { decodedBody, header } from '@printshop/test/support/smtp';
import { appStore } from '../accounts/support';

const SHOP_EMAIL = 'hello@printshop.example';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'contact', env: { SHOP_EMAIL, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app?.stop();
});

/** Each caller its own address, so the limit of one test does not reach another. */
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function contact(body: unknown, ip = freshIp()) {
  const response = await fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${randomBytes(4).toString('hex')}@example.com`,
  subject: 'Poster sizes',
  message: 'Hello!\nDo you print A2 posters as well?',
  ...overrides,
});

async function mailsTo(address: string) {
  const dir = path.join(app.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const raws = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return raws.filter((raw) => header(raw, 'To') === address);
}

describe('POST /api/contact', () => {
  it('given a valid message, then it is 201, recorded as an event and mailed to the shop with the sender as Reply-To', async () => {
    const sent = message();
    const answer = await contact(sent);
    expect(answer.status).toBe(201);
    // The promise the contact page's intro makes too.
    expect(contactResponseSchema.parse(answer.body).message).toBe(
      'Thanks! We will get back to you within 1-2 business days.',
    );
    const position = Number(answer.headers.get('x-event-position'));
    expect(position).toBeGreaterThan(0);

    const store = appStore(app);
    const { events } = await store.readAll({ fromPosition: position - 1, maxCount: 1 });
    expect(events[0]).toMatchObject({
      type: 'ContactMessageReceived',
      data: { name: sent.name, email: sent.email, subject: sent.subject, message: sent.message },
    });
    expect(events[0]!.streamName).toBe(`contact-${(events[0]!.data as { contactId: string }).contactId}`);

    const mail = await vi.waitFor(
      async () => {
        const found = (await mailsTo(SHOP_EMAIL)).find((raw) => header(raw, 'Reply-To') === sent.email);
        if (!found) throw new Error(`no mail to ${SHOP_EMAIL} from ${sent.email} yet`);
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(header(mail, 'Subject')).toBe('Contact form: Poster sizes');
    const text = decodedBody(mail);
    expect(text).toContain(`From: Grace Hopper <${sent.email}>`);
    expect(text).toContain('Do you print A2 posters as well?');
  });

  it.each([
    ['no name', { name: '  ' }, 'name', CONTACT_MESSAGES.name],
    ['a wrong e-mail', { email: 'grace@' }, 'email', undefined],
    ['no subject', { subject: '' }, 'subject', CONTACT_MESSAGES.subject],
    [
      'a message over 2,000 characters',
      { message: 'x'.repeat(2001) },
      'message',
      CONTACT_MESSAGES.messageTooLong,
    ],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [
      'a subject over 200 characters',
      { subject: 'x'.repeat(201) },
      'subject',
      'Subject must be at most 200 characters',
    ],
    ['a number for a name', { name: 42 }, 'name', undefined],
  ])('given %s, then it is 400 naming the field and nothing is recorded', async (_, fields, field, text) => {
    const answer = await contact(message(fields));
    expect(answer.status).toBe(400);
    const error = errorResponseSchema.parse(answer.body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toHaveProperty(field);
    if (text) expect(error.errors?.[field]).toBe(text);
    expect(answer.headers.get('x-event-position')).toBeNull();
  });

  it(`given ${CONTACT_LIMIT.points} messages from one address, when it sends another, then it is 429 with Retry-After, and another address is still served`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT.points; i++) expect((await contact(message(), ip)).status).toBe(201);
    expectTooMany(await contact(message(), ip), CONTACT_LIMIT.duration, CONTACT_ANSWERS.tooMany);
    expect((await contact(message())).status).toBe(201);
  });

  it('given messages from fresh addresses of one IPv6 /64, then they share its limit', async () => {
    const inNetwork = (i: number) => `2001:db8:c0:1:${(i + 1).toString(16)}::1`;
    for (let i = 0; i < CONTACT_LIMIT.points; i++)
      expect((await contact(message(), inNetwork(i))).status).toBe(201);
    expect((await contact(message(), inNetwork(CONTACT_LIMIT.points))).status).toBe(429);
    expect((await contact(message(), '2001:db8:c0:2::1')).status).toBe(201);
  });

  it('given bad bodies from one address, then they do not use up its messages', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT.points + 2; i++) {
      expect((await contact(message({ email: 'nope' }), ip)).status).toBe(400);
    }
    expect((await contact(message(), ip)).status).toBe(201);
  });
});
