// Contact data for Conversions-API-style sinks: SHA-256 (hex) of the normalised value, as such APIs
// require (Meta's Conversions API: e-mail trimmed and lower-cased; phone digits only with the
// country code, no leading zeros; names trimmed and lower-cased). Empty input gives no hash.
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function hashEmail(email: string | null | undefined): string | undefined {
  const normal = email?.trim().toLowerCase();
  return normal ? sha256(normal) : undefined;
}

export function hashPhone(phone: string | null | undefined): string | undefined {
  const normal = phone?.replace(/\D+/g, '').replace(/^0+/, '');
  return normal ? sha256(normal) : undefined;
}

/** Names and external ids: trimmed and lower-cased. */
export function hashText(value: string | number | null | undefined): string | undefined {
  const normal = value === null || value === undefined ? '' : String(value).trim().toLowerCase();
  return normal ? sha256(normal) : undefined;
}
