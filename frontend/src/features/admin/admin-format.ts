// How the admin screens show money, dates and ages (order statuses: lib/order-status.ts). Amounts arrive in major units
// of their currency (API.md "Money in responses") and go through the shop's one money rule.
import { formatMoney, toMinor } from '@printshop/shared-events/rules/money';

/** An amount in major units of `currency`, e.g. 12.5 USD -> '$12.50'. */
export const formatAmount = (major: number, currency: string): string =>
  formatMoney(toMinor(major, currency), currency);

export const formatCount = (count: number): string => new Intl.NumberFormat('en-US').format(count);

const DAY_MS = 86_400_000;

/** The UTC calendar day of a time, as the reports take it: 'YYYY-MM-DD'. */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

/** The UTC day `days` before `time`'s (0 is that day itself). */
export const utcDaysBefore = (time: Date, days: number): string =>
  utcDay(new Date(time.getTime() - days * DAY_MS));

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was at `now`: '3 hours ago', 'yesterday'; under a minute is 'just now'. */
export function formatAge(iso: string, now: Date): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  for (const [unit, size] of STEPS) {
    if (Math.abs(elapsed) >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A report period as people read it on a chart's axis: '2026-11-29' -> 'Nov 29', '2026-11' ->
 * 'Nov 2026', '2026-W48' -> 'Week 48' (the API's UTC periods); anything else as it is.
 */
export function formatPeriod(period: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(period)) return DAY_LABEL.format(new Date(`${period}T00:00:00Z`));
  if (/^\d{4}-\d{2}$/.test(period)) return MONTH_LABEL.format(new Date(`${period}-01T00:00:00Z`));
  const week = /^\d{4}-W(\d{2})$/.exec(period);
  return week ? `Week ${Number(week[1])}` : period;
}
