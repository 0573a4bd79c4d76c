// Makes sure an account exists and is an admin: the first admin of ADMIN_EMAIL / ADMIN_PASSWORD at
// start-up and `npm run admin -- create <email>`. Idempotent; the events' actor is 'system'. An
// existing account keeps its password (only a new one gets `password`).
import { Conflict } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { userStreamName } from '@printshop/shared-events/events/user';
import { handleCommand } from '../handle-command';
import { userDecider } from './decide';
import { reserveEmail } from './email-reservation';
import { findUserByEmail } from './find-user';
import { hashPassword } from './passwords';

export const ADMIN_NAME = { firstName: 'Admin', lastName: 'Account' } as const;

export interface EnsureAdminDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
}

export interface EnsureAdminResult {
  userId: string;
  outcome: 'created' | 'promoted' | 'unchanged';
}

const systemMetadata = (now: Date): EventMetadata => ({ actor: 'system', at: now.toISOString() });

/** `email` must have passed the e-mail schema; `password` the password policy. */
export async function ensureAdmin(
  deps: EnsureAdminDeps,
  account: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = account.email.trim();
  const emailKey = email.toLowerCase();
  const grant = async (userId: string) => {
    const now = deps.now();
    return handleCommand(
      deps.store,
      userStreamName(userId),
      userDecider,
      { type: 'SetAdmin', data: { isAdmin: true, by: 'system', now } },
      { metadata: systemMetadata(now) },
    );
  };
  // Two processes starting at once: the one that loses the reservation promotes the winner's account.
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findUserByEmail(deps.store, emailKey);
    if (existing) {
      const { events } = await grant(existing.userId);
      return { userId: existing.userId, outcome: events.length > 0 ? 'promoted' : 'unchanged' };
    }
    const userId = deps.newId();
    const passwordHash = await hashPassword(account.password);
    const now = deps.now();
    try {
      await reserveEmail(deps.store, { emailKey, userId, now, metadata: systemMetadata(now) });
    } catch (error) {
      if (error instanceof Conflict) {
        // Held by a registration in flight: give it a moment to land.
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      throw error;
    }
    await handleCommand(
      deps.store,
      userStreamName(userId),
      userDecider,
      {
        type: 'RegisterUser',
        data: { userId, email, emailKey, ...ADMIN_NAME, passwordHash, now },
      },
      { expectedRevision: 'no_stream', metadata: systemMetadata(now) },
    );
    await grant(userId);
    return { userId, outcome: 'created' };
  }
  throw new Conflict(`The account ${email} is being registered right now; try again in a minute`);
}
