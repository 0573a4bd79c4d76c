import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  ADDRESS_PROFILES,
  addressInputSchema,
  addressProfile,
  isCityRequired,
  isStateRequired,
  STATE_NOT_REQUIRED,
} from './addresses';
import { phonePlaceholder } from './phone';
import { POSTAL_CODE_FORMATS } from './postal-codes';

const SHIPPING_COUNTRIES =
  'US CA GB AU NZ SG HK JP KR TH MY AE CH NO SE DK AT BE HR CY CZ EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES BG'.split(
    ' ',
  );

/** A complete, valid address for the country, built from its profile. */
function validAddress(country: string) {
  const profile = addressProfile(country);
  return {
    fullName: 'Ada Lovelace',
    phone: phonePlaceholder(country) ?? '+12015550123',
    line1: '12 Example Street',
    city: 'Example City',
    state: profile.states?.[0]?.code ?? (profile.stateLabel ? 'Example Province' : undefined),
    postalCode: profile.postalCodeFormat,
    country,
  };
}

/** field path -> message for every issue of a failed parse. */
function issuesOf(input: unknown): Record<string, string> {
  const result = addressInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('country address profiles (spec 1 §3)', () => {
  it('has the 41 shipping countries and IN, each complete', () => {
    expect(Object.keys(ADDRESS_PROFILES).sort()).toEqual([...SHIPPING_COUNTRIES, 'IN'].sort());
    for (const profile of Object.values(ADDRESS_PROFILES)) {
      expect(profile.phoneCode, profile.code).toMatch(/^\+\d{1,3}$/);
      expect(profile.phoneFormat, profile.code).not.toBe('');
      expect(profile.currency, profile.code).toMatch(/^[A-Z]{3}$/);
      expect(
        profile.addressFormat[0] === 'line1' || profile.addressFormat[0] === 'postalCode',
        profile.code,
      ).toBe(true);
      expect(profile.addressFormat.includes('state'), profile.code).toBe(profile.stateLabel !== undefined);
      expect(
        profile.addressFormat.includes('line1') && profile.addressFormat.includes('line2'),
        profile.code,
      ).toBe(true);
      expect(profile.postalCodeFormat, profile.code).toBe(POSTAL_CODE_FORMATS[profile.code]?.example);
    }
  });

  it("gives real state lists for US, CA, AU, AE and MY, and India's 36 states and union territories", () => {
    const withLists = Object.values(ADDRESS_PROFILES)
      .filter((p) => p.states)
      .map((p) => [p.code, p.states!.length]);
    expect(Object.fromEntries(withLists)).toEqual({ US: 56, CA: 13, AU: 8, AE: 7, MY: 16, IN: 36 });
    for (const profile of Object.values(ADDRESS_PROFILES).filter((p) => p.states)) {
      const keys = profile.states!.flatMap((s) =>
        [s.code, s.name, ...(s.aliases ?? [])].map((k) => k.toLowerCase()),
      );
      expect(new Set(keys).size, `${profile.code}: a code, name or alias used twice`).toBe(keys.length);
    }
    expect(ADDRESS_PROFILES.US!.states!.find((s) => s.code === 'NY')?.name).toBe('New York');
  });

  it('labels postal codes the local way', () => {
    expect(ADDRESS_PROFILES.US!.postalCodeLabel).toBe('ZIP Code');
    expect(ADDRESS_PROFILES.GB!.postalCodeLabel).toBe('Postcode');
    expect(ADDRESS_PROFILES.IN!.postalCodeLabel).toBe('PIN Code');
    expect(ADDRESS_PROFILES.DE!.postalCodeLabel).toBe('Postal Code');
  });

  it('falls back to a generic profile for other countries', () => {
    const za = addressProfile('za');
    expect(za).toMatchObject({
      code: 'ZA',
      name: 'South Africa',
      phoneCode: '+27',
      postalCodeLabel: 'Postal Code',
    });
    expect(za.stateLabel).toBeUndefined();
    expect(addressProfile('SA').postalCodeFormat).toBe('11564');
  });
});

describe('address schema', () => {
  it.each([...SHIPPING_COUNTRIES, 'IN'])('%s: a complete address passes', (country) => {
    expect(issuesOf(validAddress(country))).toEqual({});
  });

  it.each(Object.keys(ADDRESS_PROFILES).filter((c) => POSTAL_CODE_FORMATS[c]))(
    '%s: a missing or malformed postal code is refused with the local label',
    (country) => {
      const label = ADDRESS_PROFILES[country]!.postalCodeLabel;
      expect(issuesOf({ ...validAddress(country), postalCode: undefined })).toEqual({
        postalCode: ADDRESS_MESSAGES.postalCodeRequired(label),
      });
      expect(issuesOf({ ...validAddress(country), postalCode: 'X!' })).toEqual({
        postalCode: `Please enter a valid ${label}`,
      });
    },
  );

  it.each(['HK', 'AE', 'HR', 'LU', 'ZA'])('%s: no postal format, so none is required', (country) => {
    expect(issuesOf({ ...validAddress(country), postalCode: undefined })).toEqual({});
    expect(issuesOf({ ...validAddress(country), postalCode: 'whatever 1' })).toEqual({});
  });

  it("given a Japanese code typed without its hyphen (or a Dutch one in lower case), then it passes and is stored the country's way", () => {
    const japanese = addressInputSchema.parse({ ...validAddress('JP'), postalCode: '1500001' });
    expect(japanese.postalCode).toBe('150-0001');
    const dutch = addressInputSchema.parse({ ...validAddress('NL'), postalCode: ' 1012ab ' });
    expect(dutch.postalCode).toBe('1012 AB');
    expect(issuesOf({ ...validAddress('JP'), postalCode: '150000' }).postalCode).toBe(
      'Please enter a valid Postal Code',
    );
  });

  it('says "Please enter a valid ZIP Code" for a bad US code and "PIN Code is required" for a missing IN one', () => {
    expect(issuesOf({ ...validAddress('US'), postalCode: '1234' }).postalCode).toBe(
      'Please enter a valid ZIP Code',
    );
    expect(issuesOf({ ...validAddress('IN'), postalCode: '' }).postalCode).toBe('PIN Code is required');
  });

  it.each(STATE_NOT_REQUIRED)('%s: state is not required', (country) => {
    expect(isStateRequired(country)).toBe(false);
    expect(issuesOf({ ...validAddress(country), state: undefined })).toEqual({});
  });

  it.each(
    Object.values(ADDRESS_PROFILES)
      .filter((p) => p.stateLabel)
      .map((p) => [p.code, p.stateLabel!]),
  )('%s: %s is required', (country, label) => {
    expect(isStateRequired(country)).toBe(true);
    expect(issuesOf({ ...validAddress(country), state: '' })).toEqual({ state: `${label} is required` });
  });

  it('a listed state must be on the list; a name is accepted and stored as its code', () => {
    expect(issuesOf({ ...validAddress('US'), state: 'XX' })).toEqual({
      state: 'Please select a valid State',
    });
    expect(issuesOf({ ...validAddress('AE'), state: 'Atlantis' })).toEqual({
      state: 'Please select a valid Emirate',
    });
    const parsed = addressInputSchema.parse({ ...validAddress('US'), state: ' california ' });
    expect(parsed.state).toBe('CA');
    expect(addressInputSchema.parse({ ...validAddress('MY'), state: 'sgr' }).state).toBe('SGR');
  });

  it('an Indian address takes its state from the list; former names and codes still find it', () => {
    expect(issuesOf({ ...validAddress('IN'), state: 'Karnatka' })).toEqual({
      state: 'Please select a valid State',
    });
    expect(issuesOf({ ...validAddress('IN'), state: undefined })).toEqual({ state: 'State is required' });
    const stateOf = (state: string) => addressInputSchema.parse({ ...validAddress('IN'), state }).state;
    expect(stateOf('karnataka')).toBe('KA');
    expect(stateOf('Orissa')).toBe('OD');
    expect(stateOf('Pondicherry')).toBe('PY');
    expect(stateOf('UT')).toBe('UK');
    expect(stateOf('New Delhi')).toBe('DL');
  });

  it('a country without a state field takes no state and needs none', () => {
    expect(isStateRequired('DE')).toBe(false);
    expect(isStateRequired('GB')).toBe(false);
    expect(issuesOf({ ...validAddress('DE'), state: undefined })).toEqual({});
  });

  it('city is required everywhere except SG', () => {
    expect(isCityRequired('SG')).toBe(false);
    expect(issuesOf({ ...validAddress('SG'), city: undefined })).toEqual({});
    expect(addressInputSchema.parse({ ...validAddress('SG'), city: undefined }).city).toBe('');
    for (const country of [...SHIPPING_COUNTRIES.filter((c) => c !== 'SG'), 'IN', 'ZA']) {
      expect(isCityRequired(country)).toBe(true);
      expect(issuesOf({ ...validAddress(country), city: '  ' }), country).toEqual({
        city: 'City is required',
      });
    }
  });

  it('names every missing field, and refuses a bad phone, a bad country and over-long text', () => {
    expect(issuesOf({ country: 'US' })).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone number is required',
      line1: 'Address line 1 is required',
    });
    expect(issuesOf({ ...validAddress('US'), phone: '12' })).toEqual({
      phone: 'Please enter a valid phone number',
    });
    expect(issuesOf({ ...validAddress('US'), country: 'XX' })).toEqual({
      country: 'Please select a country',
    });
    expect(issuesOf({ ...validAddress('US'), country: '001' })).toEqual({
      country: 'Please select a country',
    });
    expect(issuesOf({ ...validAddress('US'), line1: 'x'.repeat(201) })).toEqual({
      line1: 'Address line 1 must be at most 200 characters',
    });
    expect(issuesOf({ ...validAddress('US'), fullName: 42 })).toEqual({ fullName: 'Full name must be text' });
  });

  it('given a name or city with no letter, or a line 1 with neither letter nor number (emoji, punctuation), then each is refused as a shipping label cannot carry it', () => {
    expect(issuesOf({ ...validAddress('US'), fullName: '😀😀😀', city: '🏙️', line1: '🏠 #' })).toEqual({
      fullName: 'Full name must contain at least one letter',
      city: 'City must contain at least one letter',
      line1: 'Address line 1 must contain a letter or a number',
    });
    // A Japanese line 1 is often the block numbers alone.
    expect(issuesOf({ ...validAddress('US'), line1: '1-2-3' })).toEqual({});
    expect(issuesOf({ ...validAddress('US'), fullName: '1234', city: '--' })).toEqual({
      fullName: ADDRESS_MESSAGES.noLetter('Full name'),
      city: ADDRESS_MESSAGES.noLetter('City'),
    });
  });

  it.each([
    ['Devanagari', 'IN', 'प्रिया शर्मा', 'मुंबई', '१२ मरीन ड्राइव'],
    ['Chinese', 'HK', '陈大文', '香港', '皇后大道中 99 号'],
    ['Arabic', 'AE', 'محمد علي', 'دبي', 'شارع الشيخ زايد 1'],
    ['accented Latin', 'FR', 'Renée Éloïse Müller-Ñúñez', 'Saint-Étienne', '3 rue de l’Église'],
  ])('given a %s name, city and line 1, then they pass', (_script, country, fullName, city, line1) => {
    expect(issuesOf({ ...validAddress(country), fullName, city, line1 })).toEqual({});
  });

  it('normalises: trims, upper-cases country and postal code, drops unknown fields', () => {
    const parsed = addressInputSchema.parse({
      ...validAddress('CA'),
      country: ' ca ',
      postalCode: 'k1a 0b1',
      fullName: '  Ada  ',
      admin: true,
    });
    expect(parsed).toMatchObject({ country: 'CA', postalCode: 'K1A 0B1', fullName: 'Ada' });
    expect(parsed).not.toHaveProperty('admin');
  });
});
