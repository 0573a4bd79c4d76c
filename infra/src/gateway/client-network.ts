// Limits per address count a network, not an address: an IPv6 line (a home, a phone) is handed a
// whole /64 or more, so a script could take a fresh address for every call and never meet a limit
// kept per address. An IPv4 address (or an IPv4-mapped IPv6 one, unwrapped) counts alone.
import ipaddr from 'ipaddr.js';

/** The IPv6 prefix one subscriber is at least handed (RFC 6177); a limit counts it as one. */
export const IPV6_NETWORK_BITS = 64;

/** What a per-address limit counts `ip` as: the IPv4 address, or the `<prefix>::/64` of an IPv6 one. */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${IPV6_NETWORK_BITS}`);
  return `${network.toString()}/${IPV6_NETWORK_BITS}`;
}
