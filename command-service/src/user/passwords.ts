// Password hashing with argon2id, OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): strong
// enough, and cheap enough that a burst of sign-ins does not exhaust the machine. Verification reads
// the parameters from the stored hash, so they can be raised later without breaking old accounts.
import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { newPasswordSchema } from '@printshop/shared-events/rules/password-policy';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `hash`. Without a hash (no such account) a dummy hash is verified
 * anyway, so a wrong e-mail takes as long as a wrong password and does not reveal the account.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword('not a password of anyone');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random 20-character password that meets the policy (one-time admin passwords). */
export function generatePassword(): string {
  for (;;) {
    const bytes = randomBytes(20);
    // 256 % 56 != 0 leaves a negligible bias; the password is changed at first sign-in anyway.
    const password = Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
    if (newPasswordSchema.safeParse(password).success) return password;
  }
}
