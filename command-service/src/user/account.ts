// The user account as its stream (`user-<userId>`) tells it: state and the pure evolve.
import type { UserEvent } from '@printshop/shared-events/events/user';

export interface PendingReset {
  requestId: string;
  expiresAt: string;
}

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      emailKey: string;
      firstName: string;
      lastName: string;
      passwordHash: string;
      isAdmin: boolean;
      registeredAt: string;
      passwordChangedAt?: string;
      /** Only the latest request counts: a new one supersedes, a change or a reset ends it. */
      pendingReset?: PendingReset;
    };

export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

export const initialUserState = (): UserState => ({ status: 'none' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, email, emailKey, firstName, lastName, passwordHash, registeredAt } = event.data;
    return {
      status: 'registered',
      userId,
      email,
      emailKey,
      firstName,
      lastName,
      passwordHash,
      isAdmin: false,
      registeredAt,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'PasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        passwordChangedAt: event.data.changedAt,
        pendingReset: undefined,
      };
    case 'PasswordResetRequested':
      return {
        ...state,
        pendingReset: { requestId: event.data.requestId, expiresAt: event.data.expiresAt },
      };
    case 'PasswordResetCompleted':
      return { ...state, pendingReset: undefined };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'AdminRevoked':
      return { ...state, isAdmin: false };
    default:
      return state;
  }
}

/** User = {id, email, first_name, last_name, is_admin} (API.md). */
export const userDto = (user: RegisteredUser) => ({
  id: user.userId,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  is_admin: user.isAdmin,
});
