import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './password-policy';

/** Every message of a failed parse, by field path. */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (!result.success)
    for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const good = 'Secret123';

describe('change password (spec 1 §5)', () => {
  it('accepts a valid change', () => {
    expect(
      messages(changePasswordSchema, { currentPassword: 'old', newPassword: good, confirmPassword: good }),
    ).toEqual({});
  });

  it.each([
    ['Sec1', ['Password must be at least 8 characters']],
    ['secret123', ['Password must contain at least one uppercase letter']],
    ['SECRET123', ['Password must contain at least one lowercase letter']],
    ['SecretSecret', ['Password must contain at least one number']],
    [
      '',
      [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one lowercase letter',
        'Password must contain at least one number',
      ],
    ],
  ])('new password %j gives %j on newPassword', (newPassword, expected) => {
    expect(
      messages(changePasswordSchema, { currentPassword: 'old', newPassword, confirmPassword: newPassword }),
    ).toEqual({
      newPassword: expected,
    });
  });

  it('requires the current password, on its own field', () => {
    expect(
      messages(changePasswordSchema, { currentPassword: '', newPassword: good, confirmPassword: good }),
    ).toEqual({
      currentPassword: ['Current password is required'],
    });
    expect(messages(changePasswordSchema, { newPassword: good, confirmPassword: good })).toEqual({
      currentPassword: ['Current password is required'],
    });
  });

  it('says "Passwords don\'t match" on confirmPassword, even alongside other errors', () => {
    expect(
      messages(changePasswordSchema, {
        currentPassword: 'old',
        newPassword: good,
        confirmPassword: 'Secret124',
      }),
    ).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(messages(changePasswordSchema, { newPassword: good, confirmPassword: 'other' })).toEqual({
      currentPassword: ['Current password is required'],
      confirmPassword: ["Passwords don't match"],
    });
    expect(messages(changePasswordSchema, { currentPassword: 'old', newPassword: good })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('accepts non-ASCII letters and refuses a password over 128 characters', () => {
    expect(
      messages(changePasswordSchema, {
        currentPassword: 'o',
        newPassword: 'Ünïcode9',
        confirmPassword: 'Ünïcode9',
      }),
    ).toEqual({});
    const long = `Aa1${'x'.repeat(126)}`;
    expect(
      messages(changePasswordSchema, { currentPassword: 'o', newPassword: long, confirmPassword: long }),
    ).toEqual({
      newPassword: ['Password must be at most 128 characters'],
    });
  });
});

describe('register', () => {
  const valid = { firstName: ' Ada ', lastName: 'Lovelace', email: ' Ada@Example.COM ', password: good };

  it('accepts and normalises a valid registration, dropping unknown fields', () => {
    expect(registerSchema.parse({ ...valid, is_admin: true })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: good,
    });
  });

  it('puts each message on its field', () => {
    expect(messages(registerSchema, {})).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password must be at least 8 characters'],
    });
    expect(
      messages(registerSchema, {
        ...valid,
        firstName: '  ',
        lastName: 'x'.repeat(51),
        email: 'ada@',
        password: 'short',
      }),
    ).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name must be at most 50 characters'],
      email: ['Please enter a valid email address'],
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ],
    });
  });
});

describe('login, forgot, reset', () => {
  it('login needs an e-mail and a password, not the policy', () => {
    expect(messages(loginSchema, { email: 'a@b.co', password: 'weak' })).toEqual({});
    expect(messages(loginSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('forgot needs a valid e-mail', () => {
    expect(forgotPasswordSchema.parse({ email: 'A@B.CO' })).toEqual({ email: 'a@b.co' });
    expect(messages(forgotPasswordSchema, { email: 'nope' })).toEqual({
      email: ['Please enter a valid email address'],
    });
    expect(messages(forgotPasswordSchema, { email: 42 })).toEqual({ email: ['Email is required'] });
  });

  it('reset needs the token, a policy password and a matching confirmation', () => {
    expect(messages(resetPasswordSchema, { token: 't0k3n', password: good, confirmPassword: good })).toEqual(
      {},
    );
    expect(messages(resetPasswordSchema, { token: '', password: 'abc', confirmPassword: 'abd' })).toEqual({
      token: ['Reset link is invalid or has expired'],
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ],
      confirmPassword: ["Passwords don't match"],
    });
  });
});
