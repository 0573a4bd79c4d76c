// The Conversions-API-style endpoint (TRACKING_SINK_URL): POST {data: [event, ...]} as JSON (a batch
// of up to SINK_BATCH events, as Conversions APIs take), with a bearer token when TRACKING_SINK_TOKEN
// is set. What a refusal means decides whether to try again.
// Sent with node:http(s) over kept-alive connections: fetch took four times the CPU per request
// (`npm run bench -- sink`: 533 against 133 µs for 18 events), on the path of every tracked call.
// The sink is the operator's own setting, so pooled connections are fine (webhooks, whose URLs
// come from admins and are checked per connection, do not pool).
import http from 'node:http';
import https from 'node:https';
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

/** A kept-alive connection idle this long is closed by us, before a server's usual 5 s. */
const IDLE_CLOSE_MS = 4_000;

/** The sink over HTTP; `close()` ends its kept-alive connections. */
export function createHttpSink(o: {
  url: string;
  token?: string;
  timeoutMs?: number;
}): HttpSink & { close(): void } {
  const url = new URL(o.url);
  const client = url.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, timeout: IDLE_CLOSE_MS });
  const timeoutMs = o.timeoutMs ?? 10_000;

  /** The status, and the body as far as it could be read within the time allowed. */
  const post = (body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(o.token && { authorization: `Bearer ${o.token}` }),
          },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          const answer = () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', answer);
          // The status arrived: a body cut off (or too slow) leaves the status to decide.
          response.on('error', answer);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  return {
    async send(events) {
      let answer: { status: number; text: string };
      try {
        answer = await post(JSON.stringify({ data: events }));
      } catch (error) {
        throw new SinkUnavailable(`tracking sink unreachable: ${(error as Error).message}`);
      }
      const snippet = answer.text.slice(0, 500);
      if (retryable(answer.status)) {
        throw new SinkUnavailable(`tracking sink answered ${answer.status}: ${snippet.slice(0, 200)}`);
      }
      return { status: answer.status, snippet };
    },
    close: () => agent.destroy(),
  };
}
