// "N people viewing" on product pages (spec 2 §2), counted, not drawn: each open product page says
// "I am here" every VIEWERS_HEARTBEAT_MS while it is visible, and the answer is how many shoppers
// (signed-in user, else guest session; two tabs of one are one) did so in the last VIEWERS_WINDOW_MS.
// A made-up figure would be false urgency, which India's dark-pattern guidelines (CCPA, 2023) forbid.
import { z } from 'zod';
import { okSchema } from './common';

/** A shopper counts as viewing while their last heartbeat is younger than this. */
export const VIEWERS_WINDOW_MS = 60_000;
/** How often an open, visible product page says it is still there (twice per window). */
export const VIEWERS_HEARTBEAT_MS = 30_000;
/**
 * Heartbeats one address may send per minute. Many shoppers can share one address (a mobile
 * carrier's NAT, an office), and a shopper going through product pages sends one per page, so the
 * limit is wide: it bounds what one address can write, and how far a script could push a figure.
 */
export const VIEWERS_CALLS_PER_MINUTE = 240;
/**
 * Shoppers one address's network adds to a figure at most. A household or an office rarely has
 * more on one product at once, and a script minting guest sessions from one address can then
 * raise a figure by this much, not by the call limit: undercounting a crowded NAT is the safe side
 * of a claim made to other shoppers.
 */
export const VIEWERS_PER_NETWORK = 4;

export const VIEWERS_MESSAGES = {
  tooMany: 'Too many requests; please try again shortly',
} as const;

export const productViewersResponseSchema = okSchema.extend({
  /** Shoppers on this product's page now, the caller included. */
  viewers: z.number().int().min(1),
});

/** The figure a page shows: only when someone besides the shopper is there (1 would be them). */
export const shownViewers = (viewers: number | undefined): number | undefined =>
  viewers !== undefined && viewers >= 2 ? viewers : undefined;
