// Postal-code formats of spec 1 §5, exactly as listed there. A country with a format requires a
// postal code that matches it; a country without one (HK, AE, and every country the list does not
// name) accepts anything, including nothing.
//
// Reading of the spec where it is loose, chosen once here:
// - Input is trimmed and compared case-insensitively (letters in these codes are capitals on the
//   envelope, so 'k1a 0b1' is the same code as 'K1A 0B1'); normalizePostalCode() gives the stored form.
// - Where the written form has a fixed separator (JP 150-0001, PT 1000-001, US ZIP+4, CA/GB/NL/SE/
//   CZ/GR/IE's space, LV-/LT-), the code typed without it, or with a space for a hyphen, is the same
//   code, as a phone number typed without its spaces is the same number: it is accepted and stored
//   written the country's way ('1500001' → '150-0001'). Any other stray sign or space is refused.
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

/**
 * Pattern (applied to the stored form) and an example for placeholders and messages; `written`
 * turns the trimmed, upper-cased input into the way the country writes it (unchanged when it is not
 * a code of that shape).
 */
export interface PostalCodeFormat {
  pattern: RegExp;
  example: string;
  written?: (code: string) => string;
}

const format = (pattern: RegExp, example: string, written?: (code: string) => string): PostalCodeFormat => ({
  pattern,
  example,
  ...(written && { written }),
});

/** Head, separator, tail: typed without the separator, or with a space for a hyphen, it is put back. */
const separated = (head: string, separator: ' ' | '-', tail: string) => {
  const typed = new RegExp(`^(${head})${separator === '-' ? '[- ]?' : ' ?'}(${tail})$`);
  return (code: string) => code.replace(typed, `$1${separator}$2`);
};

/** 'LV-' and digits: typed as the digits alone, or without the hyphen, the prefix is put back. */
const prefixed = (prefix: string, digits: number) => {
  const typed = new RegExp(`^(?:${prefix}[- ]?)?(\\d{${digits}})$`);
  return (code: string) => code.replace(typed, `${prefix}-$1`);
};
const THREE_SPACE_TWO_WRITTEN = separated('\\d{3}', ' ', '\\d{2}');

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  US: format(/^\d{5}(-\d{4})?$/, '12345', separated('\\d{5}', '-', '\\d{4}')),
  CA: format(/^[A-Z]\d[A-Z] \d[A-Z]\d$/, 'A1A 1A1', separated('[A-Z]\\d[A-Z]', ' ', '\\d[A-Z]\\d')),
  GB: format(GB, 'SW1A 1AA', separated('[A-Z]{1,2}\\d[A-Z\\d]?', ' ', '\\d[A-Z]{2}')),
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
  NL: format(/^\d{4} ?[A-Z]{2}$/, '1012 AB', separated('\\d{4}', ' ', '[A-Z]{2}')),
  JP: format(/^\d{3}-\d{4}$/, '100-0001', separated('\\d{3}', '-', '\\d{4}')),
  SE: format(THREE_SPACE_TWO, '111 22', THREE_SPACE_TWO_WRITTEN),
  CZ: format(THREE_SPACE_TWO, '110 00', THREE_SPACE_TWO_WRITTEN),
  GR: format(THREE_SPACE_TWO, '105 57', THREE_SPACE_TWO_WRITTEN),
  PT: format(/^\d{4}-\d{3}$/, '1000-001', separated('\\d{4}', '-', '\\d{3}')),
  IE: format(/^[A-Z]\d{2} ?[A-Z\d]{4}$/, 'D02 X285', separated('[A-Z]\\d{2}', ' ', '[A-Z\\d]{4}')),
  LV: format(/^LV-\d{4}$/, 'LV-1010', prefixed('LV', 4)),
  LT: format(/^LT-\d{5}$/, 'LT-01100', prefixed('LT', 5)),
};

export const postalCodeFormat = (country: string): PostalCodeFormat | undefined =>
  POSTAL_CODE_FORMATS[country.toUpperCase()];

/** Postal code is required exactly where a format exists (spec 1 §5). */
export const isPostalCodeRequired = (country: string): boolean => postalCodeFormat(country) !== undefined;

/** The stored form: trimmed, upper-cased, and written the country's way ('1500001' in JP → '150-0001'). */
export function normalizePostalCode(country: string, code: string): string {
  const typed = code.trim().toUpperCase();
  return postalCodeFormat(country)?.written?.(typed) ?? typed;
}

/**
 * True when the code is acceptable for the country: it matches the country's format, or the country
 * has none. An empty code fails where a format exists (see isPostalCodeRequired).
 */
export function isValidPostalCode(country: string, code: string | undefined): boolean {
  const rule = postalCodeFormat(country);
  if (!rule) return true;
  return rule.pattern.test(normalizePostalCode(country, code ?? ''));
}
