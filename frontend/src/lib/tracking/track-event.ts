// Tracking calls of spec 2 §7 (POST /api/track/*): fire and forget; a failure is only logged and
// the visitor never sees anything. The browser context (Meta cookies, page, referrer) is added here.
import type { z } from 'zod';
import {
  trackResponseSchema,
  type TRACKING_BODY_SCHEMAS,
  type TrackingEventName,
} from '@printshop/shared-events/api/tracking';
import { api } from '../api-client';

function cookie(name: string): string | null {
  const match = globalThis.document?.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The Meta pixel's browser and click ids, when the visitor has them. */
export const metaCookies = () => ({ fbp: cookie('_fbp'), fbc: cookie('_fbc') });

export const newEventId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const browserContext = () => ({
  user_agent: globalThis.navigator?.userAgent ?? null,
  referer: globalThis.document?.referrer || null,
  event_source_url: globalThis.location?.href ?? null,
});

export const pageContext = () => ({
  page_path: globalThis.location?.pathname ?? null,
  page_location: globalThis.location?.href ?? null,
  page_title: globalThis.document?.title ?? null,
});

/** Sends one tracking event; resolves either way (true when the server took it). */
export async function trackEvent<N extends TrackingEventName>(
  name: N,
  body: z.input<(typeof TRACKING_BODY_SCHEMAS)[N]>,
): Promise<boolean> {
  try {
    await api.post(`/track/${name}`, { schema: trackResponseSchema, json: body });
    return true;
  } catch (error) {
    console.warn(`Tracking ${name} failed`, error);
    return false;
  }
}
