// NATS subject rules shared by both bus adapters, so the in-process bus accepts and routes
// exactly what JetStream would.

const TOKEN = /^[^\s.*>]+$/;

/** A subject one can publish to: dot-separated, non-empty tokens, no wildcards or spaces. */
export const isPublishSubject = (subject: string): boolean =>
  subject.split('.').every((token) => TOKEN.test(token));

export function assertPublishSubject(subject: string): void {
  if (typeof subject !== 'string' || !isPublishSubject(subject)) {
    throw new Error(`Invalid subject "${String(subject)}": dot-separated tokens, no wildcards or spaces`);
  }
}

/** Durable consumer names: one token of letters, digits, `-` and `_`. */
export function assertDurable(durable: string): void {
  if (typeof durable !== 'string' || !/^[A-Za-z0-9_-]+$/.test(durable)) {
    throw new Error(`Invalid durable name "${String(durable)}": letters, digits, - and _ only`);
  }
}

/** NATS matching: `*` matches one token, a final `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const wanted = filter.split('.');
  const got = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '>') return i === wanted.length - 1 && got.length > i;
    if (i >= got.length || (wanted[i] !== '*' && wanted[i] !== got[i])) return false;
  }
  return wanted.length === got.length;
}

/** Header values travel on one line: no CR/LF, bounded length. */
export const headerValue = (text: string): string => text.replace(/[\r\n]+/g, ' ').slice(0, 1000);

export const defaultDeadLetterSubject = (durable: string) => `printshop.dead.${durable}`;

/** Delay before redelivery after the given failed attempt (1-based); the last value repeats. */
export const backoffFor = (backoffMs: readonly number[], attempt: number): number =>
  backoffMs.length === 0 ? 0 : (backoffMs[Math.min(attempt, backoffMs.length) - 1] ?? 0);

/** Headers a dead-lettered message carries, naming what failed. */
export const DEAD_LETTER_HEADERS = {
  id: 'Printshop-Message-Id',
  subject: 'Printshop-Dead-Subject',
  durable: 'Printshop-Dead-Durable',
  attempts: 'Printshop-Dead-Attempts',
  error: 'Printshop-Dead-Error',
} as const;

export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];
