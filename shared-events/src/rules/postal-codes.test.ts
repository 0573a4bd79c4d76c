import { describe, expect, it } from 'vitest';
import {
  isPostalCodeRequired,
  isValidPostalCode,
  normalizePostalCode,
  POSTAL_CODE_FORMATS,
} from './postal-codes';

// Spec 1 §5, country by country: codes that must pass and codes that must fail.
const cases: Array<[country: string, valid: string[], invalid: string[]]> = [
  [
    'US',
    ['90210', '90210-1234', ' 10001 ', '902101234', '90210 1234'],
    ['9021', '902101', '90210-12', '90210--1234', 'ABCDE'],
  ],
  ['CA', ['K1A 0B1', 'm5v 3l9', 'K1A0B1'], ['K1A  0B1', 'K1A-0B1', '123 456', 'KKA 0B1']],
  [
    'GB',
    ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A1BB'],
    ['SW1A 1A', '12345', 'SW1A-1AA', 'Q'],
  ],
  ['AU', ['2000', '0800'], ['200', '20000', 'A000']],
  ['NZ', ['1010'], ['101', '10100']],
  ['CH', ['8001'], ['80011', 'CH-8001']],
  ['AT', ['1010'], ['101', 'A-1010']],
  ['BE', ['1000'], ['100', '10000']],
  ['DK', ['1050'], ['DK-1050', '105']],
  ['NO', ['0150'], ['150', '01500']],
  ['DE', ['10115', '01067'], ['1011', '101155', '1011A']],
  ['ES', ['28013'], ['2801', '2801A']],
  ['IT', ['00144'], ['0014', '001444']],
  ['FR', ['75001'], ['7500', '75 001']],
  ['MY', ['50000'], ['5000', '500000']],
  ['TH', ['10200'], ['1020', '102000']],
  ['KR', ['04524'], ['0452', '045-24']],
  ['SA', ['11564'], ['1156']],
  ['MA', ['20000'], ['2000']],
  ['SG', ['018956'], ['18956', '0189567']],
  ['IN', ['110001'], ['11000', '1100011', '110 001']],
  ['RU', ['101000'], ['10100']],
  ['RO', ['010011'], ['01001']],
  ['EG', ['123456'], ['12345']],
  ['OM', ['100'], ['1000', '10']],
  ['NL', ['1012 AB', '1012AB', '1012 ab'], ['1012 A', '101 AB', '1012 A1', '1012  AB']],
  ['JP', ['100-0001', '1000001', '100 0001'], ['10-0001', '100-001', '10000001', '100--0001', '100  0001']],
  ['SE', ['111 22', '11122'], ['1112', '111-22']],
  ['CZ', ['110 00', '11000'], ['1100', '110-00']],
  ['GR', ['105 57', '10557'], ['1055', '105-57']],
  ['PT', ['1000-001', '1000001', '1000 001'], ['1000-01', '100-001', '10000001']],
  ['IE', ['D02 X285', 'A65F4E2', 'a65 f4e2'], ['D6W 1234', '1234567', 'D02 X28', 'D02-X285']],
  ['LV', ['LV-1010', 'lv-1010', '1010', 'LV1010', 'LV 1010'], ['LV-101', '10100', 'LT-1010', 'LV--1010']],
  ['LT', ['LT-01100', '01100', 'lt01100'], ['LT-0110', '0110', 'LV-01100']],
];

describe('postal codes of spec 1 §5', () => {
  it.each(cases)('%s: accepts %j and refuses %j', (country, valid, invalid) => {
    for (const code of valid) expect(isValidPostalCode(country, code), `${country} ${code}`).toBe(true);
    for (const code of invalid) expect(isValidPostalCode(country, code), `${country} ${code}`).toBe(false);
  });

  it('covers every country that has a format, and every format requires a code', () => {
    expect(cases.map(([c]) => c).sort()).toEqual(Object.keys(POSTAL_CODE_FORMATS).sort());
    for (const country of Object.keys(POSTAL_CODE_FORMATS)) {
      expect(isPostalCodeRequired(country)).toBe(true);
      expect(isValidPostalCode(country, ''), country).toBe(false);
      expect(isValidPostalCode(country, undefined), country).toBe(false);
    }
  });

  it('each format accepts its own example', () => {
    for (const [country, rule] of Object.entries(POSTAL_CODE_FORMATS)) {
      expect(isValidPostalCode(country, rule.example), country).toBe(true);
    }
  });

  it.each(['HK', 'AE', 'HR', 'FI', 'PL', 'BG', 'ZA'])(
    '%s has no format: anything passes, nothing is required',
    (country) => {
      expect(isPostalCodeRequired(country)).toBe(false);
      for (const code of ['', 'anything', '00000', undefined])
        expect(isValidPostalCode(country, code)).toBe(true);
    },
  );

  it('is case-insensitive on the country and normalises the code', () => {
    expect(isValidPostalCode('ca', 'k1a 0b1')).toBe(true);
    expect(normalizePostalCode('ca', '  k1a 0b1 ')).toBe('K1A 0B1');
  });
});

// A code typed with its digits and letters only, with a space for the hyphen, or in lower case is
// the same code: it is stored as the country writes it (phone numbers are reformatted likewise).
const written: Array<[country: string, typed: string, stored: string]> = [
  ['JP', '1500001', '150-0001'],
  ['JP', '150 0001', '150-0001'],
  ['JP', ' 150-0001 ', '150-0001'],
  ['PT', '1000001', '1000-001'],
  ['PT', '1000 001', '1000-001'],
  ['US', '902101234', '90210-1234'],
  ['US', '90210 1234', '90210-1234'],
  ['US', '90210', '90210'],
  ['CA', 'k1a0b1', 'K1A 0B1'],
  ['GB', 'sw1a1aa', 'SW1A 1AA'],
  ['GB', 'm11ae', 'M1 1AE'],
  ['GB', 'ec1a 1bb', 'EC1A 1BB'],
  ['NL', '1012ab', '1012 AB'],
  ['SE', '11122', '111 22'],
  ['CZ', '11000', '110 00'],
  ['GR', '10557', '105 57'],
  ['IE', 'a65f4e2', 'A65 F4E2'],
  ['LV', '1010', 'LV-1010'],
  ['LV', 'lv 1010', 'LV-1010'],
  ['LV', 'LV1010', 'LV-1010'],
  ['LT', '01100', 'LT-01100'],
  ['DE', ' 10115 ', '10115'],
  ['HK', ' anything ', 'ANYTHING'],
];

describe("postal codes written the country's way", () => {
  it.each(written)('%s: %j is stored as %j', (country, typed, stored) => {
    expect(normalizePostalCode(country, typed)).toBe(stored);
    expect(isValidPostalCode(country, typed)).toBe(true);
  });

  it('leaves a code that is really wrong as typed (upper-cased), and refuses it', () => {
    for (const [country, typed] of [
      ['JP', '150000'],
      ['JP', '15-00001'],
      ['PT', '100001'],
      ['GB', 'sw1a-1aa'],
      ['NL', '101 2ab'],
    ] as const) {
      expect(normalizePostalCode(country, typed), `${country} ${typed}`).toBe(typed.toUpperCase());
      expect(isValidPostalCode(country, typed), `${country} ${typed}`).toBe(false);
    }
  });

  it('writes every example as it is', () => {
    for (const [country, rule] of Object.entries(POSTAL_CODE_FORMATS))
      expect(normalizePostalCode(country, rule.example), country).toBe(rule.example);
  });
});
