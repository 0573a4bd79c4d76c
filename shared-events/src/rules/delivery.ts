// When an order arrives, as dates ("Arrives 3-9 Dec"): computed from today's date (passed in, so the
// result is pure and testable), the processing days and the country's shipping days of shipping.ts.
//
// Counting (chosen): processing is 1-2 days excluding Sundays (spec 2 §9: "24-48 hours (excluding
// Sundays)"); transit counts business days, Monday to Friday. Dates are calendar dates in UTC, so
// the server and every browser give the same answer for the same day.

export const PROCESSING_DAYS = { min: 1, max: 2 } as const;

export interface DeliveryWindow {
  /** ISO dates, YYYY-MM-DD. */
  earliest: string;
  latest: string;
}

const DAY_MS = 86_400_000;

function addDays(start: Date, days: number, skip: (weekday: number) => boolean): Date {
  let date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    if (!skip(date.getUTCDay())) left -= 1;
  }
  return date;
}

const notSunday = (weekday: number) => weekday === 0;
const weekend = (weekday: number) => weekday === 0 || weekday === 6;

/** The first and last day an order placed on `today` is expected, for the shipping days given. */
export function deliveryWindow(
  today: Date,
  shippingDays: { min: number; max: number },
  processingDays: { min: number; max: number } = PROCESSING_DAYS,
): DeliveryWindow {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const earliest = addDays(addDays(today, processingDays.min, notSunday), shippingDays.min, weekend);
  const latest = addDays(addDays(today, processingDays.max, notSunday), shippingDays.max, weekend);
  return { earliest: iso(earliest), latest: iso(latest) };
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '3-9 Dec', '28 Nov-5 Dec', '29 Dec 2026-8 Jan 2027'. */
export function formatDeliveryWindow({ earliest, latest }: DeliveryWindow): string {
  const from = new Date(`${earliest}T00:00:00Z`);
  const to = new Date(`${latest}T00:00:00Z`);
  if (from.getUTCFullYear() !== to.getUTCFullYear())
    return `${dayMonthYear.format(from)}-${dayMonthYear.format(to)}`;
  if (from.getUTCMonth() !== to.getUTCMonth()) return `${dayMonth.format(from)}-${dayMonth.format(to)}`;
  return `${from.getUTCDate()}-${dayMonth.format(to)}`;
}

/** "Arrives 3-9 Dec" for an order placed on `today`. */
export const arrivesText = (today: Date, shippingDays: { min: number; max: number }): string =>
  `Arrives ${formatDeliveryWindow(deliveryWindow(today, shippingDays))}`;
