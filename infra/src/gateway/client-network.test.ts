import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('given an IPv4 address, then it counts alone, whether written plainly or IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).not.toBe(clientNetwork('203.0.113.7'));
  });

  it('given IPv6 addresses of one /64, then they count as one network, however they are written', () => {
    const network = clientNetwork('2001:db8:1:2::1');
    expect(network).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(network);
    expect(clientNetwork('2001:DB8:1:2:a:b:c:d')).toBe(network);
  });

  it('given IPv6 addresses of two /64s, then they are two networks', () => {
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('given something that is no address (an empty socket address), then it is kept as it is', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('not an address')).toBe('not an address');
  });
});
