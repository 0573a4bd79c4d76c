import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, phoneCallingCode, phonePlaceholder, toE164 } from './phone';

describe('phone formatting (spec 1 §5)', () => {
  it.each([
    ['US', '2015550123', '(201) 555-0123'],
    ['CA', '506-234-5678', '(506) 234-5678'],
    ['GB', '07400123456', '07400 123456'],
    ['IN', '8123456789', '81234 56789'], // Indian mobiles are written without the trunk 0
    ['IN', '08123456789', '81234 56789'],
    ['AU', '0412345678', '0412 345 678'],
    ['JP', '09012345678', '090-1234-5678'],
    ['KR', '01020000000', '010-2000-0000'],
    ['SG', '81234567', '8123 4567'],
    ['HK', '51234567', '5123 4567'],
  ])('given %s and %s, groups the digits as %s', (country, input, shown) => {
    expect(formatPhone(country, input)).toBe(shown);
  });

  it.each([
    ['DE', '01512 3456789', '015123456789'],
    ['FR', '06 12 34 56 78', '0612345678'],
    ['AE', '050-123-4567', '0501234567'],
    ['NL', '+31 6 12345678', '+31612345678'],
  ])('given %s and %s, shows digits only: %s', (country, input, shown) => {
    expect(formatPhone(country, input)).toBe(shown);
  });

  it('groups partial input as it is typed, and international input in international form', () => {
    expect(formatPhone('US', '415555')).toBe('(415) 555');
    expect(formatPhone('GB', '+44 7400123456')).toBe('+44 7400 123456');
    expect(formatPhone('US', '+44 7400123456')).toBe('+44 7400 123456');
  });
});

describe('phone validation', () => {
  it('accepts a national number of the right length and a foreign number written with +', () => {
    expect(isValidPhone('US', '(201) 555-0123')).toBe(true);
    expect(isValidPhone('GB', '020 7946 0958')).toBe(true);
    expect(isValidPhone('DE', '015123456789')).toBe(true);
    expect(isValidPhone('US', '+91 81234 56789')).toBe(true);
  });

  it('refuses too short, too long, letters and junk', () => {
    expect(isValidPhone('US', '555-012')).toBe(false);
    expect(isValidPhone('US', '201555012345678')).toBe(false);
    expect(isValidPhone('GB', '12345')).toBe(false);
    expect(isValidPhone('US', '201-555-CALL')).toBe(false);
    expect(isValidPhone('US', '')).toBe(false);
    expect(isValidPhone('US', '+')).toBe(false);
  });

  it('gives E.164 for storage, or undefined when invalid', () => {
    expect(toE164('US', '(201) 555-0123')).toBe('+12015550123');
    expect(toE164('GB', '07400 123456')).toBe('+447400123456');
    expect(toE164('US', '123')).toBeUndefined();
  });

  it('knows calling codes and placeholders, and nothing for an unknown country', () => {
    expect(phoneCallingCode('in')).toBe('+91');
    expect(phoneCallingCode('HK')).toBe('+852');
    expect(phoneCallingCode('XX')).toBeUndefined();
    expect(phonePlaceholder('US')).toBe('(201) 555-0123');
    expect(phonePlaceholder('XX')).toBeUndefined();
    expect(isValidPhone('XX', '1234567')).toBe(true);
    expect(isValidPhone('XX', '12')).toBe(false);
  });
});
