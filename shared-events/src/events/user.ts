// Events of a user account (stream `user-<userId>`) and of the e-mail reservation that keeps
// e-mail addresses unique, case-insensitively (stream `email-<sha256 of the e-mail key, hex>`).
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const USER_STREAM_CATEGORY = 'user';
export const userStreamName = (userId: string): string => `${USER_STREAM_CATEGORY}-${userId}`;
/** The reservation stream's name holds a hash of the e-mail key (command-service/src/user). */
export const EMAIL_STREAM_CATEGORY = 'email';

const at = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(200);

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: id,
    /** As typed (trimmed), shown back to the user. */
    email: z.string().min(1).max(254),
    /** Lower-cased and trimmed: what uniqueness and sign-in compare. */
    emailKey: z.string().min(1).max(254),
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    /** argon2id, PHC string format. */
    passwordHash: z.string().min(1),
    registeredAt: at,
  }),
);

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  z.object({
    passwordHash: z.string().min(1),
    changedAt: at,
    reason: z.enum(['change', 'reset']),
  }),
);

/** The link's secret is derived from requestId by the server (reset-token.ts); none is stored. */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ requestId: id, expiresAt: at, requestedAt: at }),
);

export const PasswordResetCompleted = defineEvent('PasswordResetCompleted', z.object({ requestId: id, at }));

/** `by`: the admin's user id, or 'system' (ADMIN_EMAIL at start-up, the admin CLI). */
export const AdminGranted = defineEvent('AdminGranted', z.object({ by: id, at }));
export const AdminRevoked = defineEvent('AdminRevoked', z.object({ by: id, at }));

/** Reservation stream: the e-mail belongs to this user (the last event wins when reclaimed). */
export const EmailReserved = defineEvent('EmailReserved', z.object({ userId: id }));

export const userEvents = [
  UserRegistered,
  PasswordChanged,
  PasswordResetRequested,
  PasswordResetCompleted,
  AdminGranted,
  AdminRevoked,
] as const;

export type UserEvent = EventOf<(typeof userEvents)[number]>;
export type EmailReservationEvent = EventOf<typeof EmailReserved>;

export const USER_EVENT_TYPES = userEvents.map((event) => event.type);
