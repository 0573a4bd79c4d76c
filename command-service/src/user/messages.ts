// What the auth and account calls say, in one place (the policy's own messages live in
// shared-events/src/rules/password-policy.ts and are reused here).
import { PASSWORD_MESSAGES } from '@printshop/shared-events/rules/password-policy';

export const AUTH_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  /** Same for an unknown e-mail and a wrong password: no account enumeration. */
  invalidCredentials: 'Invalid email or password',
  currentPasswordWrong: 'Current password is incorrect',
  /** Unknown, forged, used, superseded or expired: one message, on the token field. */
  resetLinkInvalid: PASSWORD_MESSAGES.tokenRequired,
  /** Answered to every forgot-password request, whether the account exists or not. */
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  passwordChanged: 'Your password has been changed.',
  userNotFound: 'User not found',
  alreadyRegistered: 'This account already exists',
  cannotRevokeSelf: 'You cannot remove your own admin access',
  tooManySignIns: 'Too many sign-in attempts. Please try again later.',
  tooManyResets: 'Too many password reset attempts. Please try again later.',
  tooManyRegistrations: 'Too many accounts were created from your address. Please try again later.',
  busy: 'The server is busy; please try again.',
} as const;
