// Where outgoing webhooks may go: public unicast addresses only, so an endpoint cannot be used to
// reach the shop's own network (loopback, link-local and the cloud metadata address, private and
// CGNAT ranges, unspecified, IPv6 unique-local, IPv4-mapped, IPv4-compatible and NAT64/6to4 forms
// of those...).
// WEBHOOK_ALLOWED_HOSTS opens exceptions: `host`, `host:port`, an address, `[v6]:port` or a CIDR.
// ipaddr.js classifies the addresses (and reads the legacy decimal/octal/hex IPv4 spellings).
// Checked at registration (the URL's host, resolved) and again at every delivery, against the
// address actually connected to (infra/src/webhooks/post-webhook.ts).
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AllowedTarget {
  /** A host name (lower case) or an address in ipaddr.js's normal form. */
  host?: string;
  cidr?: [Address, number];
  /** Unset: any port. */
  port?: number;
}

export interface WebhookTargetPolicy {
  allowed: readonly AllowedTarget[];
}

/** A resolver: every address a host name has (dns.lookup with `all`, or a stand-in in tests). */
export type ResolveHost = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const TARGET_MESSAGES = {
  notPublic: (host: string, address: string, range: string) =>
    `${host} is ${address} (${range}), inside the shop's network: webhooks only go to public ` +
    'addresses unless WEBHOOK_ALLOWED_HOSTS lists the host',
} as const;

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  linkLocal: 'link-local',
  private: 'private',
  carrierGradeNat: 'carrier-grade NAT',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  broadcast: 'broadcast',
  ipv4Compatible: 'IPv4-compatible',
};

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** ipaddr.js's range, with ::a.b.c.d (deprecated, RFC 4291), which it calls unicast, named. */
function rangeOf(address: Address): string {
  const range = address.range();
  if (range !== 'unicast' || address.kind() !== 'ipv6') return range;
  return address.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : range;
}

/** The address, IPv4-mapped IPv6 forms unwrapped; undefined when it is no address. */
function parseAddress(text: string): Address | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/** `host` as a URL gives it: brackets and a trailing dot gone, lower case, addresses normalised. */
export function normalHost(host: string): string {
  const bare = host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return parseAddress(bare)?.toString() ?? bare;
}

function parseEntry(entry: string): AllowedTarget {
  if (entry.includes('/')) {
    if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${entry}" is not a CIDR range`);
    return { cidr: ipaddr.parseCIDR(entry) };
  }
  // `[v6]:port`, `host:port` (one colon), else a bare name or address (IPv6 has several colons).
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+):(\d+)$/.exec(entry);
  const host = match ? match[1]! : entry;
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) throw new Error(`"${entry}": port out of range`);
  if (!parseAddress(host) && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?\.?$/i.test(host)) {
    throw new Error(`"${entry}" is not a host, host:port or CIDR`);
  }
  return { host: normalHost(host), ...(port !== undefined && { port }) };
}

/** WEBHOOK_ALLOWED_HOSTS, comma-separated; throws naming the first bad entry. */
export function parseAllowedHosts(text: string | undefined): WebhookTargetPolicy {
  const entries = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return { allowed: entries.map(parseEntry) };
}

const portMatches = (entry: AllowedTarget, port: number) => entry.port === undefined || entry.port === port;

/** Whether the host (as written in the URL) is listed by name or address. */
export function hostAllowed(policy: WebhookTargetPolicy, host: string, port: number): boolean {
  const name = normalHost(host);
  return policy.allowed.some((entry) => entry.host === name && portMatches(entry, port));
}

function addressAllowed(policy: WebhookTargetPolicy, address: Address, port: number): boolean {
  return policy.allowed.some((entry) => {
    if (!portMatches(entry, port)) return false;
    if (entry.host !== undefined) return entry.host === address.toString();
    const [range, bits] = entry.cidr!;
    return range.kind() === address.kind() && address.match(range, bits);
  });
}

/**
 * Why `host` may not be reached at `address`, or undefined when it may: the address is public
 * unicast, or it (or the host name) is allowed.
 */
export function addressProblem(
  policy: WebhookTargetPolicy,
  target: { host: string; port: number },
  address: string,
): string | undefined {
  const parsed = parseAddress(address);
  // Not an address at all (a resolver's oddity): never connect to what cannot be classified.
  if (!parsed) return TARGET_MESSAGES.notPublic(target.host, address, 'unknown');
  const range = rangeOf(parsed);
  if (range === 'unicast') return undefined;
  if (hostAllowed(policy, target.host, target.port) || addressAllowed(policy, parsed, target.port)) {
    return undefined;
  }
  return TARGET_MESSAGES.notPublic(normalHost(target.host), parsed.toString(), RANGE_NAMES[range] ?? range);
}

/** Host and port of an http(s) URL, the port filled in from the scheme. */
export function targetOf(url: URL): { host: string; port: number } {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { host: url.hostname, port };
}

/** An address literal of the URL's host (no lookup happens for those), or undefined for a name. */
export const literalAddress = (host: string): string | undefined => parseAddress(host)?.toString();

/** A registration does not wait on a slow resolver longer than this. */
const RESOLVE_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Why the URL may not be an endpoint: its host is, or resolves to, an address inside the network.
 * A name that does not resolve now passes (each delivery checks again, when it resolves).
 */
export async function webhookUrlProblem(
  policy: WebhookTargetPolicy,
  url: string,
  resolve: ResolveHost,
): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined; // the URL rules (endpoint-rules.ts) name that problem
  }
  const target = targetOf(parsed);
  if (hostAllowed(policy, target.host, target.port)) return undefined;
  const literal = literalAddress(target.host);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = (await withTimeout(resolve(normalHost(target.host)), RESOLVE_TIMEOUT_MS)).map(
        (a) => a.address,
      );
    } catch {
      return undefined;
    }
  }
  for (const address of addresses) {
    const problem = addressProblem(policy, target, address);
    if (problem) return problem;
  }
  return undefined;
}
