// Webhook signing secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server
// secret (config.jwtSecret), so the event log alone does not reveal them while the delivery worker
// can still sign. Sealed form: `v1.<base64url of iv (12) | tag (16) | ciphertext>`; the version
// leaves room for another key later. Changing JWT_SECRET makes sealed secrets unreadable: the
// deliveries then fail saying so, and an admin sets a new secret (PUT) to recover.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(secret: string): string;
  /** Throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string;
  /** A new random signing secret (`whsec_` and 32 random bytes). */
  generate(): string;
}

export class SecretUnreadable extends Error {
  override readonly name = 'SecretUnreadable';
}

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'printshop', 'webhook signing secrets v1', 32));
  return {
    seal(secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, packed] = sealed.split('.');
      if (version !== VERSION || !packed) throw new SecretUnreadable('unknown sealed secret format');
      const bytes = Buffer.from(packed, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadable('sealed secret too short');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretUnreadable(
          'the signing secret cannot be opened (was JWT_SECRET changed?): set a new secret for this endpoint',
        );
      }
    },
    generate: () => `whsec_${randomBytes(32).toString('base64url')}`,
  };
}
