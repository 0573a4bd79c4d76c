// What an endpoint may be, beyond the shape the API schema checks (an http(s) URL, a list of names).
// http is allowed beside https: receivers listed in WEBHOOK_ALLOWED_HOSTS (inside the shop's own
// network) often have no certificate. Where the host may be is target-policy.ts's (it needs DNS). Credentials in the URL are refused: they would be shown in
// every list and log; receivers authenticate us by the signature instead.
import { WEBHOOK_EVENT_NAMES } from '@printshop/shared-events/webhook-messages';

export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  tooMany: `You can register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  invalid: 'Please check the webhook fields',
  badUrl: 'Enter an http(s) URL',
  credentials: 'Leave the user name and password out of the URL; receivers check the signature instead',
  fragment: 'Leave the #fragment out of the URL',
  spaces: 'Enter the URL without spaces or line breaks',
  unknownEvent: (name: string) => `Unknown event "${name}"; choose from ${WEBHOOK_EVENT_NAMES.join(', ')}`,
  pingInactive: 'Enable this endpoint before sending it a ping',
} as const;

/** Why the URL cannot be an endpoint, or undefined when it can. */
export function urlProblem(url: string): string | undefined {
  // The URL parser drops line breaks and tabs silently: what is kept must be what was typed.
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return WEBHOOK_MESSAGES.spaces;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_MESSAGES.badUrl;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') {
    return WEBHOOK_MESSAGES.badUrl;
  }
  if (parsed.username !== '' || parsed.password !== '') return WEBHOOK_MESSAGES.credentials;
  if (url.includes('#')) return WEBHOOK_MESSAGES.fragment;
  return undefined;
}

/** Why the event list cannot be subscribed to, or undefined when it can. */
export function eventsProblem(events: readonly string[]): string | undefined {
  const unknown = events.find((name) => !WEBHOOK_EVENT_NAMES.includes(name));
  return unknown === undefined ? undefined : WEBHOOK_MESSAGES.unknownEvent(unknown);
}

/** Each name once, in the order given. */
export const distinctEvents = (events: readonly string[]): string[] => [...new Set(events)];
