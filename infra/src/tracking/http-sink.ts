// The Conversions-API-style endpoint (TRACKING_SINK_URL): POST {data: [event, ...]} as JSON (a batch
// of up to SINK_BATCH events, as Conversions APIs take), with a bearer token when TRACKING_SINK_TOKEN
// is set. What a refusal means decides whether to try again.
import type { ConversionsEvent } from './conversions-event';

export interface SinkAnswer {
  status: number;
  /** The answer's first 500 characters. */
  snippet: string;
}

/** The sink could not take it now (no answer, 408, 429, 5xx): the bus tries again later. */
export class SinkUnavailable extends Error {
  override readonly name = 'SinkUnavailable';
}

/** Events per request (Conversions APIs take up to 1000). */
export const SINK_BATCH = 100;

export interface HttpSink {
  /**
   * Sends the events in one request; resolves with the sink's answer, for all of them, when it
   * accepted (2xx) or refused for good (other 4xx).
   */
  send(events: readonly ConversionsEvent[]): Promise<SinkAnswer>;
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

export function createHttpSink(o: { url: string; token?: string; timeoutMs?: number }): HttpSink {
  return {
    async send(events) {
      let response: Response;
      try {
        response = await fetch(o.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(o.token && { authorization: `Bearer ${o.token}` }),
          },
          body: JSON.stringify({ data: events }),
          signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SinkUnavailable(`tracking sink unreachable: ${(error as Error).message}`);
      }
      const snippet = (await response.text().catch(() => '')).slice(0, 500);
      if (retryable(response.status)) {
        throw new SinkUnavailable(`tracking sink answered ${response.status}: ${snippet.slice(0, 200)}`);
      }
      return { status: response.status, snippet };
    },
  };
}
