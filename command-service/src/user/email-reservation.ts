// E-mail uniqueness (case-insensitive) through a reservation stream per e-mail key, appended with
// expected revision 'no_stream' before the user's own stream. Should the user append then fail (a
// crash between the two), the reservation names a user whose stream is empty: such a reservation
// may be reclaimed once it is older than the grace period, which outlasts any registration in flight
// (a registrar that took longer than REGISTRATION_DEADLINE_MS gives up instead of appending).
import { createHash } from 'node:crypto';
import { Conflict } from '@printshop/shared-events/errors';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
} from '@printshop/shared-events/event-store';
import {
  EMAIL_STREAM_CATEGORY,
  userStreamName,
  type EmailReservationEvent,
} from '@printshop/shared-events/events/user';
import { AUTH_MESSAGES as M } from './messages';

export const RESERVATION_GRACE_MS = 60_000;
/** A registration whose reservation is older than this when it comes to the user stream gives up. */
export const REGISTRATION_DEADLINE_MS = 10_000;

export const emailReservationStream = (emailKey: string): string =>
  `${EMAIL_STREAM_CATEGORY}-${createHash('sha256').update(emailKey).digest('hex')}`;

export interface Reservation {
  userId: string;
  reservedAt: string;
  revision: number;
}

/** The current holder of an e-mail key (the last reservation), if any. */
export async function readReservation(store: EventStore, emailKey: string): Promise<Reservation | undefined> {
  const [last] = await store.readStream<EmailReservationEvent>(emailReservationStream(emailKey), {
    direction: 'backwards',
    maxCount: 1,
  });
  if (!last) return undefined;
  const { userId } = last.data;
  return { userId, reservedAt: last.metadata.at ?? last.recordedAt.toISOString(), revision: last.revision };
}

/**
 * Pure: may `userId` take the e-mail? `holderRegistered` says whether the current holder's user
 * stream has its registration.
 */
export function decideReservation(
  current: Reservation | undefined,
  holderRegistered: boolean,
  command: { userId: string; now: Date },
): EmailReservationEvent {
  if (current) {
    const age = command.now.getTime() - Date.parse(current.reservedAt);
    if (holderRegistered || age < RESERVATION_GRACE_MS) throw new Conflict(M.emailTaken);
  }
  return { type: 'EmailReserved', data: { userId: command.userId } };
}

const hasEvents = async (store: EventStore, stream: string) =>
  (await store.readStream(stream, { maxCount: 1 })).length > 0;

/** Reserves the e-mail key for `userId`, or throws Conflict when someone holds it. */
export async function reserveEmail(
  store: EventStore,
  command: { emailKey: string; userId: string; now: Date; metadata: EventMetadata },
): Promise<void> {
  const stream = emailReservationStream(command.emailKey);
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await readReservation(store, command.emailKey);
    const holderRegistered = current ? await hasEvents(store, userStreamName(current.userId)) : false;
    const event = decideReservation(current, holderRegistered, command);
    try {
      await store.appendToStream(stream, [{ ...event, metadata: command.metadata }], {
        expectedRevision: current ? current.revision : 'no_stream',
      });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // Someone else reserved (or reclaimed) it meanwhile: look again.
    }
  }
  throw new Conflict(M.emailTaken);
}
