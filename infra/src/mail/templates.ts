// The text of every mail the shop sends: plain text, plus a simple HTML version of the same words.
import escapeHtml from 'escape-html';
import type { MailMessage } from '@printshop/shared-events/mailer';

export type RenderedMail = Omit<MailMessage, 'to'>;

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

/**
 * The receipt of a placed order (paid, or covered by its discounts): number, lines, then subtotal,
 * each discount, shipping and total (all formatted already), so the figures add up as on the order
 * page; and where to follow it.
 */
export function orderConfirmationMail(o: {
  name: string;
  orderNumber: string;
  lines: Array<{ name: string; quantity: number; lineTotal: string }>;
  subtotal: string;
  /** Only the discounts the order has, e.g. { label: 'Code SUMMER10', amount: '$2.00' }. */
  discounts: Array<{ label: string; amount: string }>;
  /** 'Free' or an amount. */
  shipping: string;
  total: string;
  /** The total in minor units: 0 when code and points covered it (spec 1: "Nothing to pay"). */
  totalMinor: number;
  trackLink: string;
}): RenderedMail {
  const greeting = o.name.trim() ? `Hello ${o.name.trim()},` : 'Hello,';
  // No provider charged an order its discounts covered: "payment received" would be untrue.
  const charged =
    o.totalMinor === 0
      ? 'Your discounts covered this order, so nothing was charged.'
      : 'Your payment was received.';
  const thanks = `Thank you for your order ${o.orderNumber}. ${charged} We are preparing your prints.`;
  const lines = o.lines.map((line) => `${line.quantity} x ${line.name}: ${line.lineTotal}`);
  const totals = [
    `Subtotal: ${o.subtotal}`,
    ...o.discounts.map((discount) => `${discount.label}: −${discount.amount}`),
    `Shipping: ${o.shipping}`,
    `Total: ${o.total}`,
  ];
  const follow = 'Follow your order here:';
  return {
    subject: `Your PrintShop order ${o.orderNumber}`,
    text: [greeting, '', thanks, '', ...lines, '', ...totals, '', follow, o.trackLink, '', 'PrintShop'].join(
      '\n',
    ),
    html: html([
      escapeHtml(greeting),
      escapeHtml(thanks),
      lines.map(escapeHtml).join('<br>'),
      totals.map(escapeHtml).join('<br>'),
      `<a href="${escapeHtml(o.trackLink)}">Follow your order</a>`,
      'PrintShop',
    ]),
  };
}

/** An order left the shop: the carrier, the tracking number and a link to follow the parcel. */
export function orderShippedMail(o: {
  name: string;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  trackingLink: string;
}): RenderedMail {
  const greeting = o.name.trim() ? `Hello ${o.name.trim()},` : 'Hello,';
  const shipped = `Good news: your order ${o.orderNumber} is on its way.`;
  const carrier = `Carrier: ${o.carrier}`;
  const number = `Tracking number: ${o.trackingNumber}`;
  return {
    subject: `Your PrintShop order ${o.orderNumber} has shipped`,
    text: [
      greeting,
      '',
      shipped,
      carrier,
      number,
      '',
      'Track your parcel:',
      o.trackingLink,
      '',
      'PrintShop',
    ].join('\n'),
    html: html([
      escapeHtml(greeting),
      escapeHtml(shipped),
      `${escapeHtml(carrier)}<br>${escapeHtml(number)}`,
      `<a href="${escapeHtml(o.trackingLink)}">Track your parcel</a>`,
      `Or paste this address into your browser: ${escapeHtml(o.trackingLink)}`,
      'PrintShop',
    ]),
  };
}

/** An admin's reminder of an abandoned checkout: what was in it, its total, and the way back. */
export function checkoutRecoveryMail(o: {
  name?: string;
  lines: Array<{ name: string; quantity: number }>;
  total: string;
  link: string;
}): RenderedMail {
  const greeting = o.name?.trim() ? `Hello ${o.name.trim()},` : 'Hello,';
  const left = 'You started an order at PrintShop but did not finish it. Your prints are waiting:';
  const lines = o.lines.map((line) => `${line.quantity} x ${line.name}`);
  const total = `Total: ${o.total}`;
  const back = 'Pick up where you left off:';
  return {
    subject: 'Your PrintShop order is waiting',
    text: [greeting, '', left, '', ...lines, total, '', back, o.link, '', 'PrintShop'].join('\n'),
    html: html([
      escapeHtml(greeting),
      escapeHtml(left),
      lines.map(escapeHtml).join('<br>'),
      escapeHtml(total),
      `<a href="${escapeHtml(o.link)}">Back to your cart</a>`,
      'PrintShop',
    ]),
  };
}
