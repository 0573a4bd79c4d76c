// The text of every mail the shop sends: plain text, plus a simple HTML version of the same words.
import type { MailMessage } from '@printshop/shared-events/mailer';

export type RenderedMail = Omit<MailMessage, 'to'>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;

/** `${PUBLIC_URL}/reset-password/${token}` */
export const resetPasswordLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/reset-password/${encodeURIComponent(token)}`;

export function passwordResetMail(o: {
  firstName: string;
  link: string;
  validMinutes: number;
}): RenderedMail {
  const greeting = o.firstName.trim() ? `Hello ${o.firstName.trim()},` : 'Hello,';
  const validity = `The link works once, for the next ${o.validMinutes} minutes.`;
  const ignore = 'If you did not ask for this, ignore this message: your password stays as it is.';
  return {
    subject: 'Reset your PrintShop password',
    text: [
      greeting,
      '',
      'Someone (we hope you) asked to reset the password of your PrintShop account.',
      'Choose a new password here:',
      '',
      o.link,
      '',
      validity,
      ignore,
      '',
      'PrintShop',
    ].join('\n'),
    html: html([
      escapeHtml(greeting),
      'Someone (we hope you) asked to reset the password of your PrintShop account.',
      `<a href="${escapeHtml(o.link)}">Choose a new password</a>`,
      `Or paste this address into your browser: ${escapeHtml(o.link)}`,
      escapeHtml(validity),
      escapeHtml(ignore),
      'PrintShop',
    ]),
  };
}

/** A contact-form message, to the shop: who wrote, their address (also the Reply-To), what they wrote. */
export function contactMail(o: {
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
}): RenderedMail {
  const from = `From: ${o.name} <${o.email}>`;
  const when = `Received: ${o.receivedAt}`;
  return {
    // Header-safe: the subject line is the customer's own text on one line.
    subject: `Contact form: ${o.subject.replace(/[\r\n]+/g, ' ')}`,
    text: [from, when, '', o.message, '', 'Reply to this mail to answer them.'].join('\n'),
    html: html([
      escapeHtml(from),
      escapeHtml(when),
      escapeHtml(o.message).replace(/\r?\n/g, '<br>'),
      'Reply to this mail to answer them.',
    ]),
  };
}
