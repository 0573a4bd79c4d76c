// Which webhook targets the policy lets through, pure (the resolver is a stand-in): public unicast
// addresses always; addresses inside the network only when WEBHOOK_ALLOWED_HOSTS lists them by
// name, address, host:port or CIDR; every address of a name is checked; bad entries are named.
import { describe, expect, it } from 'vitest';
import { addressProblem, parseAllowedHosts, webhookUrlProblem, type ResolveHost } from './target-policy';

const none = parseAllowedHosts(undefined);
const at = (host: string, port = 443) => ({ host, port });
const resolveTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const unresolvable: ResolveHost = async () => {
  throw new Error('getaddrinfo ENOTFOUND');
};

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    // IPv4-compatible (deprecated), as a URL writes them: [::127.0.0.1] becomes [::7f00:1].
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::a00:1',
    '::808:808',
    '224.0.0.1',
    '255.255.255.255',
  ])('given no allowed hosts, when the address is %s, then it is refused', (address) => {
    expect(addressProblem(none, at('hooks.example.com'), address)).toMatch(
      /^hooks\.example\.com is .+ \(.+\), inside the shop's network/,
    );
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])(
    'given no allowed hosts, when the address is the public %s, then it passes',
    (address) => {
      expect(addressProblem(none, at('hooks.example.com'), address)).toBeUndefined();
    },
  );

  it('given allowed hosts, then each form lets through just what it names', () => {
    const policy = parseAllowedHosts(' hooks.internal , 10.0.0.0/8,192.168.1.5:8443, [::1]:9000,fd00::/8 ');
    expect(addressProblem(policy, at('hooks.internal', 80), '192.168.9.9')).toBeUndefined();
    expect(addressProblem(policy, at('HOOKS.internal.', 80), '127.0.0.1')).toBeUndefined();
    expect(addressProblem(policy, at('other.internal'), '10.20.30.40')).toBeUndefined();
    expect(addressProblem(policy, at('other.internal'), '11.0.0.1')).toBeUndefined(); // public
    expect(addressProblem(policy, at('other.internal'), '172.16.0.1')).toBeDefined();
    expect(addressProblem(policy, at('192.168.1.5', 8443), '192.168.1.5')).toBeUndefined();
    expect(addressProblem(policy, at('192.168.1.5', 443), '192.168.1.5')).toBeDefined();
    expect(addressProblem(policy, at('[::1]', 9000), '::1')).toBeUndefined();
    expect(addressProblem(policy, at('[::1]', 9001), '::1')).toBeDefined();
    expect(addressProblem(policy, at('x'), 'fd00::5')).toBeUndefined();
    // an IPv6 range does not open the IPv4 space, nor the reverse
    expect(addressProblem(parseAllowedHosts('::/0'), at('x'), '127.0.0.1')).toBeDefined();
  });

  it.each(['10.0.0.0/33', 'http://hooks.example.com', 'host:99999', 'a b', 'fe80::/200'])(
    'given the allowed hosts entry %j, then parsing names it',
    (entry) => {
      expect(() => parseAllowedHosts(`127.0.0.1,${entry}`)).toThrow(entry);
    },
  );
});

describe('endpoint URLs at registration', () => {
  it('given a name with a public and a loopback address, then it is refused for the loopback one', async () => {
    const problem = await webhookUrlProblem(
      none,
      'https://hooks.example.com/x',
      resolveTo('93.184.216.34', '127.0.0.1'),
    );
    expect(problem).toMatch(/127\.0\.0\.1 \(loopback\)/);
  });

  it('given decimal, octal, hex and IPv4-mapped spellings of loopback, then each is refused without a lookup', async () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]']) {
      expect(await webhookUrlProblem(none, `http://${host}/x`, unresolvable)).toMatch(
        /127\.0\.0\.1 \(loopback\)/,
      );
    }
  });

  it('given a name that does not resolve now, then it passes (each delivery checks again)', async () => {
    expect(await webhookUrlProblem(none, 'https://hooks.example.com/x', unresolvable)).toBeUndefined();
  });

  it('given the host is listed, then it passes without a lookup', async () => {
    expect(
      await webhookUrlProblem(parseAllowedHosts('127.0.0.1'), 'http://127.0.0.1:8080/x', unresolvable),
    ).toBeUndefined();
  });
});
