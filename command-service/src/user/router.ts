// The auth commands (API.md "Auth and account"): register, login, logout, forgot-password,
// reset-password, change-password. Passwords are hashed and verified here, before deciding; the
// account is read straight from its stream (and found by e-mail through the reservation stream),
// so a sign-in right after registering never waits for a projection.
import Router from '@koa/router';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@printshop/shared-events/api/account';
import { requireUser, type AuthContextState } from '@printshop/shared-events/auth';
import { ServiceUnavailable, Unauthorized, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { userStreamName } from '@printshop/shared-events/events/user';
import { handleCommand } from '../handle-command';
import { answerWithPosition, metadataOf } from '../caller';
import { mergeCartAfterSignIn } from '../cart/merge-guest-cart';
import { userDto, type RegisteredUser } from './account';
import { userDecider } from './decide';
import { REGISTRATION_DEADLINE_MS, reserveEmail } from './email-reservation';
import { findUserByEmail, loadUser } from './find-user';
import { AUTH_MESSAGES as M } from './messages';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRateLimits } from './rate-limits';
import { verifyResetToken } from './reset-token';
import { tokenIssueTime, tokensValidFrom } from './session';
import type { SessionStore } from './session-store';

export interface AuthRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  /** Signs a session token (API.md) stamped with `issuedAt`. */
  issueToken(user: { id: string; isAdmin: boolean }, issuedAt: Date): Promise<string>;
  limits: AuthRateLimits;
  sessions: SessionStore;
  /** The server secret reset links are derived from (reset-token.ts). */
  resetSecret: string;
}

/** The e-mail as typed (trimmed); the schema has already checked it and gives the lower-cased key. */
const typedEmail = (body: unknown): string => String((body as { email: unknown }).email).trim();

export function authRouter(deps: AuthRouterDeps): Router {
  const router = new Router({ prefix: '/api/auth' });
  const { store, limits, sessions } = deps;
  /** After a password change's event: older tokens end now, not when the users model learns of it. */
  const endOlderSessions = (userId: string, changedAt: Date) =>
    sessions.endSessionsBefore(userId, tokensValidFrom(changedAt)!);

  const session = async (user: RegisteredUser, at = deps.now()) =>
    deps.issueToken({ id: user.userId, isAdmin: user.isAdmin }, tokenIssueTime(at, user.passwordChangedAt));

  router.post('/register', async (ctx) => {
    const body = registerBodySchema.parse(ctx.request.body ?? {});
    await limits.register(ctx.ip);
    const passwordHash = await hashPassword(body.password);
    const userId = deps.newId();
    const now = deps.now();
    const metadata = metadataOf(ctx, now, userId);
    await reserveEmail(store, { emailKey: body.email, userId, now, metadata });
    // Past the deadline the reservation may be reclaimed by now (email-reservation.ts): give up.
    if (deps.now().getTime() - now.getTime() > REGISTRATION_DEADLINE_MS) throw new ServiceUnavailable(M.busy);
    const result = await handleCommand(
      store,
      userStreamName(userId),
      userDecider,
      {
        type: 'RegisterUser',
        data: {
          userId,
          email: typedEmail(ctx.request.body),
          emailKey: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash,
          now,
        },
      },
      { expectedRevision: 'no_stream', metadata },
    );
    const user = result.newState as RegisteredUser;
    answerWithPosition(ctx, 201, { token: await session(user), user: userDto(user) }, result.position);
    await mergeCartAfterSignIn(deps)(ctx, user.userId); // the guest cart joins the new account's
  });

  router.post('/login', async (ctx) => {
    const body = loginBodySchema.parse(ctx.request.body ?? {});
    await limits.signInAttempt(body.email, ctx.ip);
    // The token is stamped with the time the account was read, not the time the (slow) check
    // ended: a password change landing meanwhile ends this session too.
    const readAt = deps.now();
    const user = await findUserByEmail(store, body.email);
    // Verified even without an account, so both failures take as long and say the same.
    const matches = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !matches) throw new Unauthorized(M.invalidCredentials);
    await limits.signInSucceeded(body.email, ctx.ip);
    ctx.body = { success: true, token: await session(user, readAt), user: userDto(user) };
    await mergeCartAfterSignIn(deps)(ctx, user.userId); // the guest cart joins the user's
  });

  // Revokes the caller's token on the server, for every gateway; without a token there is nothing to end.
  router.post('/logout', async (ctx) => {
    const auth = (ctx.state as AuthContextState).auth;
    if (auth) {
      await sessions.revoke({
        sessionId: auth.sessionId,
        userId: auth.userId,
        expiresAt: new Date(auth.expiresAt * 1000),
      });
    }
    ctx.body = { success: true };
  });

  router.post('/forgot-password', async (ctx) => {
    const body = forgotPasswordBodySchema.parse(ctx.request.body ?? {});
    await limits.forgotPassword(ctx.ip);
    const user = await findUserByEmail(store, body.email);
    if (user) {
      const now = deps.now();
      // The mail reactor sends the link from this event.
      await handleCommand(
        store,
        userStreamName(user.userId),
        userDecider,
        { type: 'RequestPasswordReset', data: { requestId: deps.newId(), now } },
        { metadata: metadataOf(ctx, now, 'guest') },
      );
    }
    // Same answer, and no X-Event-Position, whether the account exists or not.
    ctx.body = { success: true, message: M.resetLinkSent };
  });

  router.post('/reset-password', async (ctx) => {
    const body = resetPasswordBodySchema.parse(ctx.request.body ?? {});
    await limits.resetPassword(ctx.ip);
    const link = verifyResetToken(deps.resetSecret, body.token);
    if (!link) throw new ValidationError(M.resetLinkInvalid, { token: M.resetLinkInvalid });
    const passwordHash = await hashPassword(body.password);
    const now = deps.now();
    const result = await handleCommand(
      store,
      userStreamName(link.userId),
      userDecider,
      { type: 'CompletePasswordReset', data: { requestId: link.requestId, passwordHash, now } },
      { metadata: metadataOf(ctx, now, link.userId) },
    );
    await endOlderSessions(link.userId, now);
    answerWithPosition(ctx, 200, { message: M.passwordReset }, result.position);
  });

  router.post('/change-password', async (ctx) => {
    const auth = requireUser(ctx.state);
    const body = changePasswordBodySchema.parse(ctx.request.body ?? {});
    const user = await loadUser(store, auth.userId);
    if (user.status !== 'registered') throw new Unauthorized('Please sign in to continue.');
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new ValidationError(M.currentPasswordWrong, { currentPassword: M.currentPasswordWrong });
    }
    const passwordHash = await hashPassword(body.newPassword);
    const now = deps.now();
    const result = await handleCommand(
      store,
      userStreamName(auth.userId),
      userDecider,
      { type: 'ChangePassword', data: { passwordHash, verifiedHash: user.passwordHash, now } },
      { metadata: metadataOf(ctx, now, auth.userId) },
    );
    await endOlderSessions(auth.userId, now);
    // The change ends every older session, this one included: a fresh token keeps this one going.
    const token = await session(result.newState as RegisteredUser);
    answerWithPosition(ctx, 200, { message: M.passwordChanged, token }, result.position);
  });

  return router;
}
