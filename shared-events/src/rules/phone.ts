// Phone numbers by country with libphonenumber-js (spec 1 §5): shown in digit groups for US/CA, GB,
// IN, AU, JP, KR, SG and HK; as plain digits elsewhere.
//
// Validation uses the library's default ("min") metadata, which checks the length for the country
// rather than every assigned range: strict enough to catch typos, loose enough not to refuse a newly
// assigned number. A number written with '+' is judged by its own country code, so a customer may
// give a foreign mobile for a delivery address (a courier can still reach it).
import {
  AsYouType,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';

/** Countries whose numbers are shown in groups; all others are shown as digits only. */
export const GROUPED_PHONE_COUNTRIES: readonly string[] = [
  'US',
  'CA',
  'GB',
  'IN',
  'AU',
  'JP',
  'KR',
  'SG',
  'HK',
];

/**
 * Countries whose numbers are written without the trunk prefix: an Indian mobile is "81234 56789"
 * (or +91 81234 56789), never "081234 56789", although the library's national form adds the 0.
 */
const WITHOUT_TRUNK_PREFIX: readonly string[] = ['IN'];

const supported = (country: string): CountryCode | undefined => {
  const code = country.toUpperCase();
  return isSupportedCountry(code) ? code : undefined;
};

const digitsOf = (input: string): string => input.replace(/\D/g, '');

/** '+1', '+44', ... or undefined for a code the library does not know. */
export function phoneCallingCode(country: string): string | undefined {
  const code = supported(country);
  return code ? `+${getCountryCallingCode(code)}` : undefined;
}

/**
 * Display form of what the customer typed (works on partial input too): groups for the grouped
 * countries, digits only elsewhere; a leading '+' is kept.
 */
export function formatPhone(country: string, input: string): string {
  const code = supported(country);
  const international = input.trim().startsWith('+');
  if (!code || !GROUPED_PHONE_COUNTRIES.includes(code)) return (international ? '+' : '') + digitsOf(input);
  const complete = parsePhoneNumberFromString(input, code);
  if (complete?.isValid()) {
    if (complete.country !== code || international) return complete.formatInternational();
    return complete.formatNational({ nationalPrefix: !WITHOUT_TRUNK_PREFIX.includes(code) });
  }
  const typed = WITHOUT_TRUNK_PREFIX.includes(code) ? input.replace(/^\s*0/, '') : input;
  return new AsYouType(code).input(typed);
}

/** True for a number valid for the country (national form) or for its own code ('+' form). */
export function isValidPhone(country: string, input: string): boolean {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return false;
  if (trimmed.startsWith('+')) return isValidPhoneNumber(trimmed);
  const code = supported(country);
  return code
    ? isValidPhoneNumber(trimmed, code)
    : digitsOf(trimmed).length >= 6 && digitsOf(trimmed).length <= 15;
}

/** E.164 form for storage and couriers, or undefined when the number is not valid. */
export function toE164(country: string, input: string): string | undefined {
  if (!isValidPhone(country, input)) return undefined;
  const code = supported(country);
  return parsePhoneNumberFromString(input.trim(), code)?.number;
}

/** Placeholder for the phone field: the library's example mobile number, shown as formatPhone shows it. */
export function phonePlaceholder(country: string): string | undefined {
  const code = supported(country);
  if (!code) return undefined;
  const example = getExampleNumber(code, examples);
  return example && formatPhone(code, example.formatNational());
}
