// Which sentence a failed call shows: the server's own message when it sent one, else the
// caller's fallback (spec 1 §8: "The server's message is preferred when present").
import { ApiError } from './api-client';

/** The api client's own words for an answer that carried no message of the server's. */
const TRANSPORT_MESSAGES = [
  /^HTTP error! Status:/,
  /^Empty response body received\./,
  /^Failed to parse JSON response\./,
  /^Unexpected response from the server\./,
];

/** True when the server answered (any HTTP status), false for network failures and timeouts. */
export const serverAnswered = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's message if it gave one, else `fallback` (network failures included). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return TRANSPORT_MESSAGES.some((pattern) => pattern.test(error.message)) ? fallback : error.message;
}

/**
 * The two-sentence pattern of spec 1 §8: `failed` when the server answered without success (its
 * own message preferred), `crashed` when the call itself failed (network, timeout).
 */
export function failureMessage(error: unknown, failed: string, crashed: string): string {
  return serverAnswered(error) ? serverMessageOr(error, failed) : crashed;
}
