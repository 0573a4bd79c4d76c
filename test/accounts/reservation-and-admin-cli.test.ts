// Against a real Postgres event store: an abandoned e-mail reservation is reclaimed only after its
// grace period; ensureAdmin is idempotent and race-safe; `npm run admin -- create` prints a
// one-time password that signs in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { Conflict } from '@printshop/shared-events/errors';
import { allEvents } from '@printshop/shared-events/all-events';
import { userStreamName } from '@printshop/shared-events/events/user';
import {
  emailReservationStream,
  RESERVATION_GRACE_MS,
  reserveEmail,
} from '@printshop/command-service/user/email-reservation';
import { ensureAdmin } from '@printshop/command-service/user/ensure-admin';
import { findUserByEmail } from '@printshop/command-service/user/find-user';
import { verifyPassword } from '@printshop/command-service/user/passwords';
import { adminCommand } from '@printshop/infra/cli/admin-command';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { freshEmail } from './support';

let t: TestStore;
beforeAll(async () => {
  t = await createTestStore('reservation', { registry: new EventRegistry(allEvents) });
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ store: t.store, now: () => new Date(), newId: randomUUID });

/** A reservation whose registration never happened (a crash between the two appends). */
async function abandonedReservation(emailKey: string, reservedAt: Date) {
  await t.store.appendToStream(
    emailReservationStream(emailKey),
    [{ type: 'EmailReserved', data: { userId: randomUUID() }, metadata: { at: reservedAt.toISOString() } }],
    { expectedRevision: 'no_stream' },
  );
}

describe('abandoned reservations', () => {
  it('given a reservation without its user, when it is younger than the grace period, then the e-mail is still taken', async () => {
    const emailKey = freshEmail();
    await abandonedReservation(emailKey, new Date());
    await expect(
      reserveEmail(t.store, { emailKey, userId: randomUUID(), now: new Date(), metadata: {} }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(await findUserByEmail(t.store, emailKey)).toBeUndefined();
  });

  it('given a reservation without its user past the grace period, when someone registers, then they get the e-mail', async () => {
    const emailKey = freshEmail();
    await abandonedReservation(emailKey, new Date(Date.now() - RESERVATION_GRACE_MS - 1000));
    const { userId, outcome } = await ensureAdmin(deps(), { email: emailKey, password: 'Admin1234' });
    expect(outcome).toBe('created');
    expect((await findUserByEmail(t.store, emailKey))?.userId).toBe(userId);
    expect(await t.store.readStream(emailReservationStream(emailKey))).toHaveLength(2);
  });
});

describe('ensureAdmin', () => {
  it('given no account, when ensured twice, then it is created once and left alone after', async () => {
    const email = freshEmail('Admin');
    const first = await ensureAdmin(deps(), { email, password: 'Admin1234' });
    const second = await ensureAdmin(deps(), { email: email.toUpperCase(), password: 'Other1234' });
    expect(first.outcome).toBe('created');
    expect(second).toEqual({ userId: first.userId, outcome: 'unchanged' });
    const user = await findUserByEmail(t.store, email.toLowerCase());
    expect(user?.isAdmin).toBe(true);
    // the second call did not change the password
    expect(await verifyPassword(user!.passwordHash, 'Admin1234')).toBe(true);
    const events = await t.store.readStream(userStreamName(first.userId));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['UserRegistered', 'system'],
      ['AdminGranted', 'system'],
    ]);
  });

  it('given two start-ups at once, when both ensure the admin, then there is one account', async () => {
    const email = freshEmail('race');
    const results = await Promise.all([
      ensureAdmin(deps(), { email, password: 'Admin1234' }),
      ensureAdmin(deps(), { email, password: 'Admin1234' }),
    ]);
    expect(results[0].userId).toBe(results[1].userId);
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'unchanged']);
  });
});

describe('npm run admin -- create <email>', () => {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await adminCommand({
      db: t.db,
      store: t.store,
      projections: [],
      args,
      out: (l) => lines.push(l),
    });
    return { code, output: lines.join('\n') };
  };

  it('given a new e-mail, when created, then a one-time password that meets the policy signs in', async () => {
    const email = freshEmail('cli');
    const { code, output } = await run('create', email);
    expect(code).toBe(0);
    const password = /One-time password: (\S+)/.exec(output)?.[1];
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{20}$/);
    const user = await findUserByEmail(t.store, email);
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user!.passwordHash, password!)).toBe(true);

    const again = await run('create', email);
    expect(again.code).toBe(0);
    expect(again.output).not.toContain('One-time password');
  });

  it('given an existing customer, when created, then they are promoted and keep their password', async () => {
    const email = freshEmail('customer');
    const { userId } = await ensureAdmin(deps(), { email, password: 'Mine12345' });
    await t.store.appendToStream(userStreamName(userId), [
      { type: 'AdminRevoked', data: { by: 'system', at: new Date().toISOString() } },
    ]);
    const { code, output } = await run('create', email);
    expect(code).toBe(0);
    expect(output).toContain('is an admin now');
    const user = await findUserByEmail(t.store, email);
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'Mine12345')).toBe(true);
  });

  it.each([
    [[]],
    [['create']],
    [['create', 'not-an-email']],
    [['delete', 'a@b.co']],
    [['create', 'a@b.co', 'extra']],
  ])('given the arguments %j, then it prints the usage and exits 2', async (args) => {
    const { code, output } = await run(...args);
    expect(code).toBe(2);
    expect(output).toContain('usage: npm run admin -- create <email>');
  });
});
