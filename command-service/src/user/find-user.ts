// Reads an account straight from the log (no projection lag): by id from its stream, by e-mail
// through the reservation stream.
import { load } from '@printshop/shared-events/decider';
import type { EventStore } from '@printshop/shared-events/event-store';
import { userStreamName, type UserEvent } from '@printshop/shared-events/events/user';
import { evolveUser, initialUserState, type RegisteredUser, type UserState } from './account';
import { readReservation } from './email-reservation';

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return load<UserState, UserEvent>(store, userStreamName(userId), {
    initialState: initialUserState,
    evolve: evolveUser,
  });
}

export async function findUserByEmail(
  store: EventStore,
  emailKey: string,
): Promise<RegisteredUser | undefined> {
  const reservation = await readReservation(store, emailKey);
  if (!reservation) return undefined;
  const user = await loadUser(store, reservation.userId);
  // An abandoned reservation (its registration never happened) holds no account.
  return user.status === 'registered' && user.emailKey === emailKey ? user : undefined;
}
