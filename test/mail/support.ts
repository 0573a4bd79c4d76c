// The mail consumer's handler wired to a real store and a real SMTP server, fresh per test file;
// each test starts with an empty, accepting mailbox.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import { migrateMailOutbox, type MailConsumerDeps } from '@printshop/infra/mail/mail-consumer';
import { createSmtpMailer, type SmtpMailer } from '@printshop/infra/mail/smtp-mailer';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { startSmtpServer, type TestSmtp } from '@printshop/test/support/smtp';

export const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
export const PUBLIC_URL = 'https://shop.example';

export interface MailHarness {
  subject: TestStore;
  smtp: TestSmtp;
  deps: MailConsumerDeps;
}

/** Registers the file's hooks; the harness is filled in before its first test. */
export function useMailConsumer(label: string, extra: Partial<MailConsumerDeps> = {}): MailHarness {
  const harness = {} as MailHarness;
  let mailer: SmtpMailer | undefined;
  // The consumer's error lines fail the test that was running (a deliberate failure logs warnings).
  const errors = errorCatcher(label);
  beforeAll(async () => {
    harness.subject = await createTestStore(label, { registry: new EventRegistry(allEvents) });
    await migrateMailOutbox(harness.subject.db);
    harness.smtp = await startSmtpServer();
    mailer = createSmtpMailer({
      url: harness.smtp.url,
      from: 'PrintShop <no-reply@printshop.local>',
      logger: errors.logger,
    });
    harness.deps = {
      bus: createInProcessBus({ logger: errors.logger }),
      db: harness.subject.db,
      store: harness.subject.store,
      mailer,
      secret: SECRET,
      publicUrl: PUBLIC_URL,
      logger: errors.logger,
      ...extra,
    };
  });
  afterAll(async () => {
    await mailer?.close();
    await harness.smtp?.close();
    await harness.deps?.bus.close();
    await harness.subject?.close();
  });
  afterEach(() => errors.check());
  beforeEach(() => {
    harness.smtp.received.length = 0;
    harness.smtp.refusing = false;
  });
  return harness;
}

/** The event of an account registered by `firstName` (a hash no password matches: mails only). */
export const userRegistered = (
  userId: string,
  email: string,
  name: { firstName: string; lastName: string },
  registeredAt: string,
) => ({
  type: 'UserRegistered' as const,
  data: {
    userId,
    email,
    emailKey: email,
    ...name,
    passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
    registeredAt,
  },
});
