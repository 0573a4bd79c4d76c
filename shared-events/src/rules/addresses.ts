// Country address profiles (spec 1 §3) and the address schema (API.md Address) that applies them.
// One profile per shipping country (spec 1 §9: 41 countries) plus IN, where orders are fulfilled.
// Any other country gets a generic profile: postal code checked only if postal-codes.ts has a format
// for it, no state, city required.
//
// Which countries have a state at all (the spec leaves it open: "State is not required for SG, HK,
// LU, MT, CY, BE, NL, DK, AT, CH, SI, EE, LV, LT"): a profile has a state field only where the
// subdivision is part of a deliverable postal address there — the six countries with lists (US, CA,
// AU, AE, MY, and IN, whose list is our choice) plus JP, KR, TH (state/prefecture/province lines),
// IT and ES (province) and IE (county). Where a profile has a state it is required, unless the country is on the spec's list
// (none of the listed countries has a state field, so the list only guards future profiles).
import { z } from 'zod';
import { apiString } from '../api/api-string';
import {
  AE_EMIRATES,
  AU_STATES,
  CA_PROVINCES,
  IN_STATES,
  MY_STATES,
  US_STATES,
  type StateOption,
} from './address-states';
import { isValidPhone, phoneCallingCode, phonePlaceholder } from './phone';
import { isValidPostalCode, normalizePostalCode, postalCodeFormat } from './postal-codes';

export type AddressField = 'line1' | 'line2' | 'city' | 'state' | 'postalCode';

export interface CountryAddressProfile {
  code: string;
  name: string;
  /** The country's own currency (the currency of its shipping rule). */
  currency: string;
  /** '+1', '+44', ... */
  phoneCode: string;
  /** Example number as the phone field shows it (placeholder). */
  phoneFormat: string;
  /** Example postal code, or undefined when the country has no format (then none is required). */
  postalCodeFormat?: string;
  postalCodeLabel: string;
  /** Label of the state field; undefined when addresses there have no state line. */
  stateLabel?: string;
  /** Order of the fields on the form and on the label. */
  addressFormat: readonly AddressField[];
  states?: readonly StateOption[];
}

/** Spec 1 §5. */
export const STATE_NOT_REQUIRED: readonly string[] = [
  'SG',
  'HK',
  'LU',
  'MT',
  'CY',
  'BE',
  'NL',
  'DK',
  'AT',
  'CH',
  'SI',
  'EE',
  'LV',
  'LT',
];
/** Spec 1 §5: city is required everywhere except SG (the city is Singapore; the postal code locates the building). */
export const CITY_NOT_REQUIRED: readonly string[] = ['SG'];

// Field orders. Most of Europe writes the postal code before the city; the US style puts it last.
const US_STYLE: readonly AddressField[] = ['line1', 'line2', 'city', 'state', 'postalCode'];
const CITY_THEN_POSTAL: readonly AddressField[] = ['line1', 'line2', 'city', 'postalCode'];
const POSTAL_THEN_CITY: readonly AddressField[] = ['line1', 'line2', 'postalCode', 'city'];
const POSTAL_CITY_PROVINCE: readonly AddressField[] = ['line1', 'line2', 'postalCode', 'city', 'state'];

interface ProfileSeed {
  name: string;
  currency: string;
  postalCodeLabel?: string;
  stateLabel?: string;
  addressFormat: readonly AddressField[];
  states?: readonly StateOption[];
}

const SEEDS: Record<string, ProfileSeed> = {
  US: {
    name: 'United States',
    currency: 'USD',
    postalCodeLabel: 'ZIP Code',
    stateLabel: 'State',
    addressFormat: US_STYLE,
    states: US_STATES,
  },
  CA: {
    name: 'Canada',
    currency: 'CAD',
    stateLabel: 'Province',
    addressFormat: US_STYLE,
    states: CA_PROVINCES,
  },
  GB: {
    name: 'United Kingdom',
    currency: 'GBP',
    postalCodeLabel: 'Postcode',
    addressFormat: CITY_THEN_POSTAL,
  },
  AU: {
    name: 'Australia',
    currency: 'AUD',
    postalCodeLabel: 'Postcode',
    stateLabel: 'State',
    addressFormat: US_STYLE,
    states: AU_STATES,
  },
  NZ: { name: 'New Zealand', currency: 'NZD', postalCodeLabel: 'Postcode', addressFormat: CITY_THEN_POSTAL },
  SG: { name: 'Singapore', currency: 'SGD', addressFormat: ['line1', 'line2', 'city', 'postalCode'] },
  HK: { name: 'Hong Kong', currency: 'HKD', addressFormat: ['line1', 'line2', 'city'] },
  JP: {
    name: 'Japan',
    currency: 'JPY',
    stateLabel: 'Prefecture',
    addressFormat: ['postalCode', 'state', 'city', 'line1', 'line2'],
  },
  KR: { name: 'South Korea', currency: 'KRW', stateLabel: 'Province', addressFormat: US_STYLE },
  TH: { name: 'Thailand', currency: 'THB', stateLabel: 'Province', addressFormat: US_STYLE },
  MY: {
    name: 'Malaysia',
    currency: 'MYR',
    stateLabel: 'State',
    addressFormat: ['line1', 'line2', 'postalCode', 'city', 'state'],
    states: MY_STATES,
  },
  AE: {
    name: 'United Arab Emirates',
    currency: 'AED',
    stateLabel: 'Emirate',
    addressFormat: ['line1', 'line2', 'city', 'state'],
    states: AE_EMIRATES,
  },
  CH: { name: 'Switzerland', currency: 'CHF', addressFormat: POSTAL_THEN_CITY },
  NO: { name: 'Norway', currency: 'NOK', addressFormat: POSTAL_THEN_CITY },
  SE: { name: 'Sweden', currency: 'SEK', addressFormat: POSTAL_THEN_CITY },
  DK: { name: 'Denmark', currency: 'DKK', addressFormat: POSTAL_THEN_CITY },
  AT: { name: 'Austria', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  BE: { name: 'Belgium', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  HR: { name: 'Croatia', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  CY: { name: 'Cyprus', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  CZ: { name: 'Czech Republic', currency: 'CZK', addressFormat: POSTAL_THEN_CITY },
  EE: { name: 'Estonia', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  FI: { name: 'Finland', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  FR: { name: 'France', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  DE: { name: 'Germany', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  GR: { name: 'Greece', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  HU: { name: 'Hungary', currency: 'HUF', addressFormat: ['line1', 'line2', 'city', 'postalCode'] },
  IE: {
    name: 'Ireland',
    currency: 'EUR',
    postalCodeLabel: 'Eircode',
    stateLabel: 'County',
    addressFormat: US_STYLE,
  },
  IT: { name: 'Italy', currency: 'EUR', stateLabel: 'Province', addressFormat: POSTAL_CITY_PROVINCE },
  LV: { name: 'Latvia', currency: 'EUR', addressFormat: CITY_THEN_POSTAL },
  LT: { name: 'Lithuania', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  LU: { name: 'Luxembourg', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  MT: { name: 'Malta', currency: 'EUR', addressFormat: CITY_THEN_POSTAL },
  NL: { name: 'Netherlands', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  PL: { name: 'Poland', currency: 'PLN', addressFormat: POSTAL_THEN_CITY },
  PT: { name: 'Portugal', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  RO: { name: 'Romania', currency: 'RON', addressFormat: POSTAL_THEN_CITY },
  SK: { name: 'Slovakia', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  SI: { name: 'Slovenia', currency: 'EUR', addressFormat: POSTAL_THEN_CITY },
  ES: { name: 'Spain', currency: 'EUR', stateLabel: 'Province', addressFormat: POSTAL_CITY_PROVINCE },
  // Bulgaria's shipping rule (spec 1 §9: 18 / 100) is in leva.
  BG: { name: 'Bulgaria', currency: 'BGN', addressFormat: POSTAL_THEN_CITY },
  IN: {
    name: 'India',
    currency: 'INR',
    postalCodeLabel: 'PIN Code',
    stateLabel: 'State',
    addressFormat: US_STYLE,
    states: IN_STATES,
  },
};

const DEFAULT_POSTAL_LABEL = 'Postal Code';

function buildProfile(code: string, seed: ProfileSeed): CountryAddressProfile {
  return {
    code,
    name: seed.name,
    currency: seed.currency,
    phoneCode: phoneCallingCode(code) ?? '',
    phoneFormat: phonePlaceholder(code) ?? '',
    postalCodeFormat: postalCodeFormat(code)?.example,
    postalCodeLabel: seed.postalCodeLabel ?? DEFAULT_POSTAL_LABEL,
    stateLabel: seed.stateLabel,
    addressFormat: seed.addressFormat,
    states: seed.states,
  };
}

/** The 42 profiles (41 shipping countries and IN), keyed by ISO 3166-1 alpha-2 code. */
export const ADDRESS_PROFILES: Readonly<Record<string, CountryAddressProfile>> = Object.fromEntries(
  Object.entries(SEEDS).map(([code, seed]) => [code, buildProfile(code, seed)]),
);

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  } catch {
    return undefined;
  }
})();

/** The country's profile; a generic one for a country without its own (rest-of-world shipping). */
export function addressProfile(country: string): CountryAddressProfile {
  const code = country.trim().toUpperCase();
  const known = ADDRESS_PROFILES[code];
  if (known) return known;
  let name = code;
  try {
    const known = regionNames?.of(code);
    if (known && known !== 'Unknown Region') name = known;
  } catch {
    // not a well-formed region code: keep the code as the name
  }
  return buildProfile(code, { name, currency: 'USD', addressFormat: US_STYLE.filter((f) => f !== 'state') });
}

const COUNTRY_CHOICES = Object.values(ADDRESS_PROFILES)
  .map((p) => ({ code: p.code, name: p.name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The countries a shopper picks from, by name: the 42 profiles, and `current` when it is another. */
export function countryChoices(current?: string): { code: string; name: string }[] {
  if (!current || current in ADDRESS_PROFILES) return COUNTRY_CHOICES;
  return [...COUNTRY_CHOICES, { code: current, name: addressProfile(current).name }];
}

/** A country we have a profile for, or any country with a telephone numbering plan (ISO 3166-1). */
export const isKnownCountry = (country: string): boolean => {
  const code = country.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && (code in ADDRESS_PROFILES || phoneCallingCode(code) !== undefined);
};

export const isStateRequired = (country: string): boolean => {
  const code = country.trim().toUpperCase();
  return addressProfile(code).stateLabel !== undefined && !STATE_NOT_REQUIRED.includes(code);
};

export const isCityRequired = (country: string): boolean =>
  !CITY_NOT_REQUIRED.includes(country.trim().toUpperCase());

/** The list entry for a state given by code, name or former name (case-insensitive), if the country has a list. */
export function findState(country: string, value: string): StateOption | undefined {
  const wanted = value.trim().toLowerCase();
  return addressProfile(country).states?.find((s) =>
    [s.code, s.name, ...(s.aliases ?? [])].some((known) => known.toLowerCase() === wanted),
  );
}

// Every message the address form and the API show, in one place.
export const ADDRESS_MESSAGES = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  line1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  countryInvalid: 'Please select a country',
  stateRequired: (label: string) => `${label} is required`,
  stateInvalid: (label: string) => `Please select a valid ${label}`,
  postalCodeRequired: (label: string) => `${label} is required`,
  postalCodeInvalid: (label: string) => `Please enter a valid ${label}`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  notText: (field: string) => `${field} must be text`,
  noLetter: (field: string) => `${field} must contain at least one letter`,
  noLetterOrNumber: (field: string) => `${field} must contain a letter or a number`,
} as const;

export const ADDRESS_LIMITS = {
  fullName: 100,
  phone: 30,
  line: 200,
  city: 100,
  state: 100,
  postalCode: 20,
} as const;

const M = ADDRESS_MESSAGES;
const L = ADDRESS_LIMITS;

// A shipping label cannot carry a name or city of emoji, digits or signs only, nor a street of emoji
// or signs only; a letter of any script (Devanagari, Chinese, Arabic, accented Latin) is enough, and
// a street may be numbers alone (a Japanese line 1 is often "1-2-3", its district elsewhere).
const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** A text field: trimmed, 'required' message when missing or blank, 'too long' above max. */
const requiredText = (field: string, max: number, required: string) =>
  apiString({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : M.notText(field)),
  })
    .trim()
    .min(1, required)
    .max(max, M.tooLong(field, max));

const optionalText = (field: string, max: number) =>
  apiString({ error: M.notText(field) })
    .trim()
    .max(max, M.tooLong(field, max));

/**
 * Address as sent to POST/PUT /api/addresses and in a checkout's shippingAddress. The output has the
 * country upper-cased, the postal code normalised, a listed state replaced by its code, and city ''
 * where it may be left out (SG).
 */
export const addressInputSchema = z
  .object({
    fullName: requiredText('Full name', L.fullName, M.fullNameRequired),
    phone: requiredText('Phone number', L.phone, M.phoneRequired),
    line1: requiredText('Address line 1', L.line, M.line1Required),
    line2: optionalText('Address line 2', L.line).optional(),
    city: optionalText('City', L.city).default(''),
    state: optionalText('State', L.state).optional(),
    postalCode: optionalText('Postal code', L.postalCode).optional(),
    country: apiString({ error: M.countryInvalid })
      .trim()
      .toUpperCase()
      .refine(isKnownCountry, M.countryInvalid),
    isDefault: z.boolean().optional(),
  })
  .superRefine((address, ctx) => {
    const profile = addressProfile(address.country);
    const stateLabel = profile.stateLabel ?? 'State';
    if (isCityRequired(address.country) && address.city === '') {
      ctx.addIssue({ code: 'custom', path: ['city'], message: M.cityRequired });
    }
    for (const [key, field] of [
      ['fullName', 'Full name'],
      ['city', 'City'],
    ] as const) {
      // '' is left to the 'required' rules above (SG may have no city).
      if (address[key] !== '' && !HAS_LETTER.test(address[key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: M.noLetter(field) });
      }
    }
    if (address.line1 !== '' && !HAS_LETTER_OR_NUMBER.test(address.line1)) {
      ctx.addIssue({ code: 'custom', path: ['line1'], message: M.noLetterOrNumber('Address line 1') });
    }
    if (!address.state) {
      if (isStateRequired(address.country)) {
        ctx.addIssue({ code: 'custom', path: ['state'], message: M.stateRequired(stateLabel) });
      }
    } else if (profile.states && !findState(address.country, address.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: M.stateInvalid(stateLabel) });
    }
    const postalCode = address.postalCode ?? '';
    if (profile.postalCodeFormat !== undefined && postalCode === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: M.postalCodeRequired(profile.postalCodeLabel),
      });
    } else if (!isValidPostalCode(address.country, postalCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: M.postalCodeInvalid(profile.postalCodeLabel),
      });
    }
    if (!isValidPhone(address.country, address.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneInvalid });
    }
  })
  .transform((address) => ({
    ...address,
    state: address.state ? (findState(address.country, address.state)?.code ?? address.state) : address.state,
    postalCode:
      address.postalCode === undefined ? undefined : normalizePostalCode(address.country, address.postalCode),
  }));

export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.output<typeof addressInputSchema>;
