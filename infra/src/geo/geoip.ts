// GeoIP by the `geoip-country` package: MaxMind GeoLite2 country data shipped inside the package
// (IPv4 and IPv6), loaded from disk when first imported; it never downloads anything unless its
// update script is run by hand, which the shop does not do. A newer package release brings newer data.
import geoip from 'geoip-country';

/** The country of a public address; undefined for private, loopback and unknown ones. */
export function lookupCountry(ip: string): string | undefined {
  try {
    return geoip.lookup(ip)?.country || undefined;
  } catch {
    return undefined;
  }
}
