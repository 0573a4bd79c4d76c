// The pure decisions of a user account: one function per command. Time, ids and password hashes
// arrive in the command (hashing and verifying are done by the router before deciding).
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { UserEvent } from '@printshop/shared-events/events/user';
import { evolveUser, initialUserState, type RegisteredUser, type UserState } from './account';
import { AUTH_MESSAGES as M } from './messages';

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: {
        userId: string;
        email: string;
        emailKey: string;
        firstName: string;
        lastName: string;
        passwordHash: string;
        now: Date;
      };
    }
  /** `verifiedHash`: the hash the current password was checked against (it must still be current). */
  | { type: 'ChangePassword'; data: { passwordHash: string; verifiedHash: string; now: Date } }
  | { type: 'RequestPasswordReset'; data: { requestId: string; now: Date } }
  | { type: 'CompletePasswordReset'; data: { requestId: string; passwordHash: string; now: Date } }
  /** `by`: the acting admin's user id or 'system'. */
  | { type: 'SetAdmin'; data: { isAdmin: boolean; by: string; now: Date } };

const registered = (state: UserState): RegisteredUser => {
  if (state.status !== 'registered') throw new NotFound(M.userNotFound);
  return state;
};

const invalidResetLink = () => new ValidationError(M.resetLinkInvalid, { token: M.resetLinkInvalid });

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status === 'registered') throw new Conflict(M.alreadyRegistered);
      const { now, ...user } = command.data;
      return [{ type: 'UserRegistered', data: { ...user, registeredAt: now.toISOString() } }];
    }
    case 'ChangePassword': {
      const user = registered(state);
      const { passwordHash, verifiedHash, now } = command.data;
      // Changed by someone else since it was verified: the password given is no longer current.
      if (verifiedHash !== user.passwordHash) {
        throw new ValidationError(M.currentPasswordWrong, { currentPassword: M.currentPasswordWrong });
      }
      return [
        { type: 'PasswordChanged', data: { passwordHash, changedAt: now.toISOString(), reason: 'change' } },
      ];
    }
    case 'RequestPasswordReset': {
      registered(state);
      const { requestId, now } = command.data;
      const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS).toISOString();
      return [
        { type: 'PasswordResetRequested', data: { requestId, expiresAt, requestedAt: now.toISOString() } },
      ];
    }
    case 'CompletePasswordReset': {
      if (state.status !== 'registered') throw invalidResetLink();
      const { requestId, passwordHash, now } = command.data;
      const pending = state.pendingReset;
      if (!pending || pending.requestId !== requestId || now.getTime() >= Date.parse(pending.expiresAt)) {
        throw invalidResetLink();
      }
      const at = now.toISOString();
      return [
        { type: 'PasswordChanged', data: { passwordHash, changedAt: at, reason: 'reset' } },
        { type: 'PasswordResetCompleted', data: { requestId, at } },
      ];
    }
    case 'SetAdmin': {
      const user = registered(state);
      const { isAdmin, by, now } = command.data;
      if (user.isAdmin === isAdmin) return [];
      // Guards against locking the shop out of its admin area by mistake.
      if (!isAdmin && by === user.userId) throw new RuleBroken(M.cannotRevokeSelf);
      const data = { by, at: now.toISOString() };
      return [isAdmin ? { type: 'AdminGranted', data } : { type: 'AdminRevoked', data }];
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
