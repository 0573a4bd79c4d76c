// Password policy of spec 1 §5 and the auth form schemas (API.md Auth and account). The spec's
// messages are used word for word; the others (names, e-mail, login, token, length cap) are ours and
// live here too, so the form and the gateway say the same thing.
import { z } from 'zod';
import { apiString } from '../api/api-string';

export const PASSWORD_MIN_LENGTH = 8;
/** Ours: long enough for any passphrase, short enough to keep hashing cheap (a DoS guard). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  tooShort: 'Password must be at least 8 characters',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  mismatch: "Passwords don't match",
  // ours
  required: 'Password is required',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tokenRequired: 'Reset link is invalid or has expired',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${NAME_MAX_LENGTH} characters`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
} as const;

const M = PASSWORD_MESSAGES;

/** A string field whose missing value reports `message` rather than zod's type error. */
const text = (message: string) => apiString({ error: message });

/** A new password: every rule that fails is reported (the form shows them all). Not trimmed. */
export const newPasswordSchema = text(M.tooShort)
  .min(PASSWORD_MIN_LENGTH, M.tooShort)
  .max(PASSWORD_MAX_LENGTH, M.tooLong)
  .regex(/\p{Lu}/u, M.uppercase)
  .regex(/\p{Ll}/u, M.lowercase)
  .regex(/\p{Nd}/u, M.number);

export const emailSchema = text(M.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

/** Missing counts as not matching; the length cap is the API's general one (2,000). */
const confirmPassword = text(M.mismatch).max(2000, M.mismatch);

/**
 * "Passwords don't match" on confirmPassword. `when` lets the check run even when another field
 * failed (zod skips object refinements after such failures otherwise), so the form shows it at once.
 */
const matches = (field: string) => ({
  message: M.mismatch,
  path: ['confirmPassword'],
  when: ({ value }: { value: unknown }) => {
    const data = value as Record<string, unknown> | undefined;
    return typeof data?.[field] === 'string' && typeof data?.confirmPassword === 'string';
  },
});

export const changePasswordSchema = z
  .object({
    currentPassword: text(M.currentRequired).min(1, M.currentRequired).max(PASSWORD_MAX_LENGTH, M.tooLong),
    newPassword: newPasswordSchema,
    confirmPassword,
  })
  .refine((data) => data.newPassword === data.confirmPassword, matches('newPassword'));

const name = (required: string, tooLong: string) =>
  text(required).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

export const registerSchema = z.object({
  firstName: name(M.firstNameRequired, M.firstNameTooLong),
  lastName: name(M.lastNameRequired, M.lastNameTooLong),
  email: emailSchema,
  password: newPasswordSchema,
});

/** Login checks presence only: the policy may have changed since the account was made. */
export const loginSchema = z.object({
  email: emailSchema,
  password: text(M.required).min(1, M.required).max(PASSWORD_MAX_LENGTH, M.tooLong),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: text(M.tokenRequired).trim().min(1, M.tokenRequired).max(2000, M.tokenRequired),
    password: newPasswordSchema,
    confirmPassword,
  })
  .refine((data) => data.password === data.confirmPassword, matches('password'));

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
