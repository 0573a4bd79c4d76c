// Postal-code formats of spec 1 §5, exactly as listed there. A country with a format requires a
// postal code that matches it; a country without one (HK, AE, and every country the list does not
// name) accepts anything, including nothing.
//
// Reading of the spec where it is loose, chosen once here:
// - Input is trimmed and compared case-insensitively (letters in these codes are capitals on the
//   envelope, so 'k1a 0b1' is the same code as 'K1A 0B1'); normalizePostalCode() gives the stored form.
// - Spaces are accepted only where the spec allows one (CA requires it; GB, NL, SE, CZ, GR, IE allow
//   one). IE: the spec's "a letter, 2 digits, then 4 alphanumerics" is the Eircode shape; the space
//   people write after the routing key is allowed. Its one irregular key, D6W, does not fit the spec
//   and is refused, as the spec says.
// - GB: the standard UK pattern (outward code A9, A99, AA9, AA99, A9A, AA9A; inward code 9AA).

const GB = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
const FOUR_DIGITS = /^\d{4}$/;
const FIVE_DIGITS = /^\d{5}$/;
const SIX_DIGITS = /^\d{6}$/;
const THREE_SPACE_TWO = /^\d{3} ?\d{2}$/;

/** Pattern (applied to the trimmed, upper-cased input) and an example for placeholders and messages. */
export interface PostalCodeFormat {
  pattern: RegExp;
  example: string;
}

const format = (pattern: RegExp, example: string): PostalCodeFormat => ({ pattern, example });

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  US: format(/^\d{5}(-\d{4})?$/, '12345'),
  CA: format(/^[A-Z]\d[A-Z] \d[A-Z]\d$/, 'A1A 1A1'),
  GB: format(GB, 'SW1A 1AA'),
  // 4 digits
  AU: format(FOUR_DIGITS, '2000'),
  NZ: format(FOUR_DIGITS, '1010'),
  CH: format(FOUR_DIGITS, '8001'),
  AT: format(FOUR_DIGITS, '1010'),
  BE: format(FOUR_DIGITS, '1000'),
  DK: format(FOUR_DIGITS, '1050'),
  NO: format(FOUR_DIGITS, '0150'),
  // 5 digits
  DE: format(FIVE_DIGITS, '10115'),
  ES: format(FIVE_DIGITS, '28013'),
  IT: format(FIVE_DIGITS, '00144'),
  FR: format(FIVE_DIGITS, '75001'),
  MY: format(FIVE_DIGITS, '50000'),
  TH: format(FIVE_DIGITS, '10200'),
  KR: format(FIVE_DIGITS, '04524'),
  SA: format(FIVE_DIGITS, '11564'),
  MA: format(FIVE_DIGITS, '20000'),
  // 6 digits
  SG: format(SIX_DIGITS, '018956'),
  IN: format(SIX_DIGITS, '110001'),
  RU: format(SIX_DIGITS, '101000'),
  RO: format(SIX_DIGITS, '010011'),
  EG: format(SIX_DIGITS, '123456'), // six as the spec says, though Egypt Post now writes five
  // 3 digits
  OM: format(/^\d{3}$/, '100'),
  NL: format(/^\d{4} ?[A-Z]{2}$/, '1012 AB'),
  JP: format(/^\d{3}-\d{4}$/, '100-0001'),
  SE: format(THREE_SPACE_TWO, '111 22'),
  CZ: format(THREE_SPACE_TWO, '110 00'),
  GR: format(THREE_SPACE_TWO, '105 57'),
  PT: format(/^\d{4}-\d{3}$/, '1000-001'),
  IE: format(/^[A-Z]\d{2} ?[A-Z\d]{4}$/, 'D02 X285'),
  LV: format(/^LV-\d{4}$/, 'LV-1010'),
  LT: format(/^LT-\d{5}$/, 'LT-01100'),
};

export const postalCodeFormat = (country: string): PostalCodeFormat | undefined =>
  POSTAL_CODE_FORMATS[country.toUpperCase()];

/** Postal code is required exactly where a format exists (spec 1 §5). */
export const isPostalCodeRequired = (country: string): boolean => postalCodeFormat(country) !== undefined;

export const normalizePostalCode = (code: string): string => code.trim().toUpperCase();

/**
 * True when the code is acceptable for the country: it matches the country's format, or the country
 * has none. An empty code fails where a format exists (see isPostalCodeRequired).
 */
export function isValidPostalCode(country: string, code: string | undefined): boolean {
  const rule = postalCodeFormat(country);
  if (!rule) return true;
  return rule.pattern.test(normalizePostalCode(code ?? ''));
}
