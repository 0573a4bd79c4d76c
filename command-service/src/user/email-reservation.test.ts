// Who may take an e-mail: given the reservation stream's last event and whether its holder
// registered, when a registration asks, then it is reserved or refused.
import { describe, expect, it } from 'vitest';
import { Conflict } from '@printshop/shared-events/errors';
import { decideReservation, emailReservationStream, RESERVATION_GRACE_MS } from './email-reservation';
import { AUTH_MESSAGES } from './messages';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const held = { userId: 'u1', reservedAt: t0.toISOString(), revision: 0 };

describe('reserving an e-mail', () => {
  it('given no reservation, when a user asks, then it is reserved for them', () => {
    expect(decideReservation(undefined, false, { userId: 'u2', now: t0 })).toEqual({
      type: 'EmailReserved',
      data: { userId: 'u2' },
    });
  });

  it('given a reservation of a registered user, when another asks, then it is taken', () => {
    const later = new Date(t0.getTime() + 10 * RESERVATION_GRACE_MS);
    expect(() => decideReservation(held, true, { userId: 'u2', now: later })).toThrow(
      new Conflict(AUTH_MESSAGES.emailTaken),
    );
  });

  it('given a fresh reservation whose registration is in flight, when another asks, then it is taken', () => {
    const now = new Date(t0.getTime() + RESERVATION_GRACE_MS - 1);
    expect(() => decideReservation(held, false, { userId: 'u2', now })).toThrow(Conflict);
  });

  it('given an abandoned reservation past the grace period, when another asks, then it is reclaimed', () => {
    const now = new Date(t0.getTime() + RESERVATION_GRACE_MS);
    expect(decideReservation(held, false, { userId: 'u2', now })).toEqual({
      type: 'EmailReserved',
      data: { userId: 'u2' },
    });
  });

  it('names the stream by a hash of the key, so the log shows no address in stream names', () => {
    const stream = emailReservationStream('ada@example.com');
    expect(stream).toMatch(/^email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('ada');
    expect(emailReservationStream('bob@example.com')).not.toBe(stream);
  });
});
