// Country detection as a pure function: CDN header, then GeoIP, then Accept-Language.
import { describe, expect, it } from 'vitest';
import { countryCode, detectCountry, regionOfLanguages, type DetectionInput } from './detect-country';

const input = (o: Partial<DetectionInput> & { headers?: Record<string, string> } = {}): DetectionInput => ({
  header: (name) => o.headers?.[name],
  ip: o.ip ?? '203.0.113.9',
  languages: o.languages ?? [],
  lookupCountry: o.lookupCountry ?? (() => undefined),
});

describe('detectCountry', () => {
  it.each(['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'])(
    'given the CDN header %s, then its country wins over GeoIP and language',
    (name) => {
      expect(
        detectCountry(input({ headers: { [name]: 'de' }, lookupCountry: () => 'US', languages: ['fr-FR'] })),
      ).toEqual({ countryCode: 'DE', method: 'header' });
    },
  );

  it.each(['XX', 'T1', 'ZZ', 'Germany', ''])(
    'given a CDN header saying %j, then it is ignored and GeoIP answers',
    (value) => {
      expect(detectCountry(input({ headers: { 'cf-ipcountry': value }, lookupCountry: () => 'JP' }))).toEqual(
        { countryCode: 'JP', method: 'geoip' },
      );
    },
  );

  it('given no header and an address GeoIP knows, then GeoIP answers with the address it was given', () => {
    const asked: string[] = [];
    const found = detectCountry(
      input({ ip: '81.2.69.160', lookupCountry: (ip) => (asked.push(ip), 'GB'), languages: ['de-AT'] }),
    );
    expect(found).toEqual({ countryCode: 'GB', method: 'geoip' });
    expect(asked).toEqual(['81.2.69.160']);
  });

  it('given neither header nor GeoIP, then the first language with a region answers', () => {
    expect(detectCountry(input({ languages: ['fr', 'en-CA', 'en-US'] }))).toEqual({
      countryCode: 'CA',
      method: 'accept-language',
    });
  });

  it('given nothing that names a country, then it is undefined', () => {
    expect(detectCountry(input({ languages: ['*', 'fr', 'es-419'] }))).toBeUndefined();
  });
});

describe('regionOfLanguages', () => {
  it('reads the region of script-tagged and lower-case tags, skips malformed ones', () => {
    expect(regionOfLanguages(['zh-Hant-TW'])).toBe('TW');
    expect(regionOfLanguages(['pt-br'])).toBe('BR');
    expect(regionOfLanguages(['not a tag!', 'sv-SE'])).toBe('SE');
    expect(regionOfLanguages(['en'])).toBeUndefined();
  });
});

describe('countryCode', () => {
  it('upper-cases two letters and refuses anything else', () => {
    expect(countryCode(' us ')).toBe('US');
    expect(countryCode('USA')).toBeUndefined();
    expect(countryCode('1A')).toBeUndefined();
    expect(countryCode(undefined)).toBeUndefined();
  });
});
