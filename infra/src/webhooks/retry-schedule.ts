// When a delivery is tried again: after the n-th failed try of a round, wait backoffMs[n - 1];
// when the list is used up, the delivery has failed (a manual retry starts a new round).
// The default doubles from 30 s: 8 tries over about 64 minutes.

export const DEFAULT_WEBHOOK_BACKOFF_MS: readonly number[] = [
  30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
];

export type NextStep =
  { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; delayMs: number };

/** `triesInRound` counts the try that just ended. */
export function nextStep(ok: boolean, triesInRound: number, backoffMs: readonly number[]): NextStep {
  if (ok) return { status: 'delivered' };
  const delayMs = backoffMs[triesInRound - 1];
  return delayMs === undefined ? { status: 'failed' } : { status: 'pending', delayMs };
}
