import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, shopTrackingUrl } from './carriers';

describe('tracking links', () => {
  it('given a known carrier in any case and spacing, then its page for the number (escaped)', () => {
    expect(carrierTrackingUrl(' UPS ', '1Z999')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(carrierTrackingUrl('royal   mail', 'AB 12')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB%2012',
    );
  });

  it('given an unknown carrier, then no link', () => {
    expect(carrierTrackingUrl('Bob’s Courier', '42')).toBeUndefined();
  });

  it('given an order, then the shop page carries its number and e-mail as query values', () => {
    expect(shopTrackingUrl('https://shop.example', 'PS-1', 'a+b@example.com')).toBe(
      'https://shop.example/track-order?orderNumber=PS-1&email=a%2Bb%40example.com',
    );
  });
});
