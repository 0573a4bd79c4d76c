// Where a visitor probably is, for preselecting country and currency (spec 1 §7): a CDN's country
// header when one is there, else a GeoIP lookup of the client address, else the region of the
// first Accept-Language tag that names one. Each step only suggests: the visitor can change it.

export type DetectionMethod = 'header' | 'geoip' | 'accept-language';
export interface DetectedCountry {
  countryCode: string;
  method: DetectionMethod;
}

/** Country headers set by CDNs, most common first (Cloudflare, CloudFront, Vercel, generic). */
export const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
] as const;

/** Placeholders CDNs send instead of a country: XX unknown (Cloudflare), T1 Tor, ZZ unknown. */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

/** A two-letter country code, upper-cased, or undefined for anything else. */
export function countryCode(value: string | undefined | null): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : undefined;
}

/**
 * The region of the most preferred language tag that has one ('fr-CA' -> CA, 'zh-Hant-TW' -> TW);
 * `languages` in preference order, as Koa's ctx.acceptsLanguages() gives them. A bare language
 * ('fr') says nothing about where someone is, so it is skipped rather than guessed.
 */
export function regionOfLanguages(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    if (tag === '*') continue;
    try {
      const region = countryCode(new Intl.Locale(tag).region);
      if (region) return region;
    } catch {
      // not a well-formed tag: try the next
    }
  }
  return undefined;
}

export interface DetectionInput {
  header(name: string): string | undefined;
  /** The client address as the gateway determined it (X-Forwarded-For only behind a trusted proxy). */
  ip: string;
  languages: readonly string[];
  lookupCountry(ip: string): string | undefined;
}

export function detectCountry(input: DetectionInput): DetectedCountry | undefined {
  for (const name of COUNTRY_HEADERS) {
    const code = countryCode(input.header(name));
    if (code) return { countryCode: code, method: 'header' };
  }
  const fromIp = countryCode(input.ip ? input.lookupCountry(input.ip) : undefined);
  if (fromIp) return { countryCode: fromIp, method: 'geoip' };
  const fromLanguage = regionOfLanguages(input.languages);
  if (fromLanguage) return { countryCode: fromLanguage, method: 'accept-language' };
  return undefined;
}
