// What a customer typed reaches the shop's HTML mail as text, never as markup.
import { describe, expect, it } from 'vitest';
import { contactMail, orderConfirmationMail, passwordResetMail } from './templates';

describe('mail templates', () => {
  it('given a contact message with markup in the name and the message, then the HTML shows it escaped', () => {
    const mail = contactMail({
      name: '<b>Eve</b>',
      email: 'eve@example.com',
      subject: 'Hi',
      message: `<script>alert("x")</script>\nIt's me & you`,
      receivedAt: '2026-11-28T22:00:00Z',
    });
    expect(mail.html).toContain('From: &lt;b&gt;Eve&lt;/b&gt; &lt;eve@example.com&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>It&#39;s me &amp; you');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert("x")</script>');
  });

  it('given a first name with markup, then the password reset greeting shows it escaped', () => {
    const mail = passwordResetMail({
      firstName: '<i>Ada</i>',
      link: 'https://shop.example/reset-password/t?a=1&b=2',
      validMinutes: 30,
    });
    expect(mail.html).toContain('Hello &lt;i&gt;Ada&lt;/i&gt;,');
    expect(mail.html).toContain('href="https://shop.example/reset-password/t?a=1&amp;b=2"');
  });

  const receipt = (total: string, totalMinor: number) =>
    orderConfirmationMail({
      name: 'Asha',
      orderNumber: 'PS-1001',
      lines: [{ name: '4x6 Photo Prints', quantity: 2, lineTotal: '₹400.00' }],
      subtotal: '₹400.00',
      discounts: totalMinor === 0 ? [{ label: 'Loyalty points', amount: '₹400.00' }] : [],
      shipping: 'Free',
      total,
      totalMinor,
      trackLink: 'https://shop.example/track-order?o=PS-1001',
    });

  it('given a paid order, then the receipt says the payment was received', () => {
    expect(receipt('₹400.00', 40000).text).toContain('Your payment was received');
  });

  it('given an order its discounts covered (₹0), then the receipt says nothing was charged, not that a payment was received', () => {
    const mail = receipt('₹0.00', 0);
    expect(mail.text).toContain('Your discounts covered this order, so nothing was charged.');
    expect(mail.text).not.toContain('payment');
    expect(mail.html).not.toContain('payment');
    expect(mail.text).toContain('Total: ₹0.00');
  });
});
