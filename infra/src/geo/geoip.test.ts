// The GeoIP package's own data, looked up here: public addresses resolve, local ones do not.
import { describe, expect, it } from 'vitest';
import { lookupCountry } from './geoip';

describe('lookupCountry', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['81.2.69.160', 'GB'], // MaxMind's own test address
    ['217.0.0.1', 'DE'],
    ['::ffff:8.8.8.8', 'US'],
    ['2a02:2e0:3fe:1001:302::', 'DE'],
  ])('given the public address %s, then it is in %s', (ip, country) => {
    expect(lookupCountry(ip)).toBe(country);
  });

  it.each(['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not an address', ''])(
    'given %j, then there is no country',
    (ip) => {
      expect(lookupCountry(ip)).toBeUndefined();
    },
  );
});
