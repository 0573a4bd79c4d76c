// What a customer typed reaches the shop's HTML mail as text, never as markup.
import { describe, expect, it } from 'vitest';
import { contactMail, passwordResetMail } from './templates';

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
});
