// A user account's rules as given events / when command / then events or error.
import { describe, it } from 'vitest';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { UserEvent } from '@printshop/shared-events/events/user';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { RESET_LINK_LIFETIME_MS, userDecider } from './decide';
import { AUTH_MESSAGES } from './messages';

const spec = deciderSpec(userDecider);
const t0 = new Date('2025-03-01T10:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'Ada@Example.com',
    emailKey: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    passwordHash: 'hash-1',
    registeredAt: t0.toISOString(),
  },
};
const resetRequested = (requestId: string, at = t0): UserEvent => ({
  type: 'PasswordResetRequested',
  data: {
    requestId,
    requestedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + RESET_LINK_LIFETIME_MS).toISOString(),
  },
});
const granted: UserEvent = { type: 'AdminGranted', data: { by: 'system', at: t0.toISOString() } };

describe('registering', () => {
  const command = {
    type: 'RegisterUser' as const,
    data: {
      userId: 'u1',
      email: 'Ada@Example.com',
      emailKey: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: 'hash-1',
      now: t0,
    },
  };

  it('given no account, when registering, then the account is registered with its e-mail as typed', () => {
    spec.given([]).when(command).then([registered]);
  });

  it('given the account, when registering it again, then it is a conflict', () => {
    spec.given([registered]).when(command).thenThrows(Conflict, AUTH_MESSAGES.alreadyRegistered);
  });
});

describe('changing the password', () => {
  it('given the account, when the verified hash is the current one, then the password changes', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', data: { passwordHash: 'hash-2', verifiedHash: 'hash-1', now: t0 } })
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: 'hash-2', changedAt: t0.toISOString(), reason: 'change' },
        },
      ]);
  });

  it('given a password changed since it was verified, when changing, then the current password is refused', () => {
    spec
      .given([
        registered,
        {
          type: 'PasswordChanged',
          data: { passwordHash: 'hash-9', changedAt: t0.toISOString(), reason: 'change' },
        },
      ])
      .when({ type: 'ChangePassword', data: { passwordHash: 'hash-2', verifiedHash: 'hash-1', now: t0 } })
      .thenThrows(ValidationError, AUTH_MESSAGES.currentPasswordWrong);
  });

  it('given no account, when changing, then it is not found', () => {
    spec
      .given([])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h', verifiedHash: 'h', now: t0 } })
      .thenThrows(NotFound);
  });
});

describe('resetting the password', () => {
  it('given the account, when a reset is requested, then it expires one hour later', () => {
    spec
      .given([registered])
      .when({ type: 'RequestPasswordReset', data: { requestId: 'r1', now: t0 } })
      .then([
        {
          type: 'PasswordResetRequested',
          data: { requestId: 'r1', expiresAt: '2025-03-01T11:00:00.000Z', requestedAt: t0.toISOString() },
        },
      ]);
  });

  it('given no account, when a reset is requested, then it is not found', () => {
    spec
      .given([])
      .when({ type: 'RequestPasswordReset', data: { requestId: 'r1', now: t0 } })
      .thenThrows(NotFound);
  });

  const complete = (requestId: string, now: Date) => ({
    type: 'CompletePasswordReset' as const,
    data: { requestId, passwordHash: 'hash-2', now },
  });

  it('given a pending request, when it is completed within the hour, then the password changes once', () => {
    const now = after(RESET_LINK_LIFETIME_MS - 1);
    spec
      .given([registered, resetRequested('r1')])
      .when(complete('r1', now))
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: 'hash-2', changedAt: now.toISOString(), reason: 'reset' },
        },
        { type: 'PasswordResetCompleted', data: { requestId: 'r1', at: now.toISOString() } },
      ]);
  });

  it('given a pending request, when it is completed at its expiry, then the link is refused', () => {
    spec
      .given([registered, resetRequested('r1')])
      .when(complete('r1', after(RESET_LINK_LIFETIME_MS)))
      .thenThrows(ValidationError, AUTH_MESSAGES.resetLinkInvalid);
  });

  it('given a completed request, when it is completed again, then the link is refused', () => {
    spec
      .given([
        registered,
        resetRequested('r1'),
        {
          type: 'PasswordChanged',
          data: { passwordHash: 'hash-2', changedAt: t0.toISOString(), reason: 'reset' },
        },
        { type: 'PasswordResetCompleted', data: { requestId: 'r1', at: t0.toISOString() } },
      ])
      .when(complete('r1', after(1000)))
      .thenThrows(ValidationError, AUTH_MESSAGES.resetLinkInvalid);
  });

  it('given a newer request, when the older one is completed, then it is refused as superseded', () => {
    spec
      .given([registered, resetRequested('r1'), resetRequested('r2', after(1000))])
      .when(complete('r1', after(2000)))
      .thenThrows(ValidationError, AUTH_MESSAGES.resetLinkInvalid);
  });

  it('given a request followed by a password change, when it is completed, then it is refused', () => {
    spec
      .given([
        registered,
        resetRequested('r1'),
        {
          type: 'PasswordChanged',
          data: { passwordHash: 'hash-3', changedAt: t0.toISOString(), reason: 'change' },
        },
      ])
      .when(complete('r1', after(1000)))
      .thenThrows(ValidationError, AUTH_MESSAGES.resetLinkInvalid);
  });

  it('given no account, when a link is completed, then it is refused like any bad link', () => {
    spec.given([]).when(complete('r1', t0)).thenThrows(ValidationError, AUTH_MESSAGES.resetLinkInvalid);
  });
});

describe('admin flag', () => {
  const setAdmin = (isAdmin: boolean, by: string) => ({
    type: 'SetAdmin' as const,
    data: { isAdmin, by, now: t0 },
  });

  it('given a customer, when an admin promotes them, then admin is granted by that admin', () => {
    spec
      .given([registered])
      .when(setAdmin(true, 'admin-7'))
      .then([{ type: 'AdminGranted', data: { by: 'admin-7', at: t0.toISOString() } }]);
  });

  it('given an admin, when promoted again, then nothing happens', () => {
    spec.given([registered, granted]).when(setAdmin(true, 'admin-7')).then([]);
  });

  it('given an admin, when another admin demotes them, then admin is revoked', () => {
    spec
      .given([registered, granted])
      .when(setAdmin(false, 'admin-7'))
      .then([{ type: 'AdminRevoked', data: { by: 'admin-7', at: t0.toISOString() } }]);
  });

  it('given an admin, when they demote themselves, then it is refused', () => {
    spec
      .given([registered, granted])
      .when(setAdmin(false, 'u1'))
      .thenThrows(RuleBroken, AUTH_MESSAGES.cannotRevokeSelf);
  });

  it('given no account, when promoted, then it is not found', () => {
    spec.given([]).when(setAdmin(true, 'admin-7')).thenThrows(NotFound, AUTH_MESSAGES.userNotFound);
  });
});
