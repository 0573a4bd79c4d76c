// One HTTP try of a webhook: POST the body with its headers, at most `timeoutMs` for the whole
// exchange. Only a 2xx counts as delivered; redirects are not followed (a 3xx fails for good: the
// admin registers the final URL). The host is resolved here, every address it has is checked
// against the target policy, and the connection goes to the checked address (node:http's
// `lookup`), so a name re-pointed inside the network between check and connect is never reached.
// What came back is kept short and never echoes the request (see excerptOf).
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  addressProblem,
  literalAddress,
  normalHost,
  targetOf,
  type ResolveHost,
  type WebhookTargetPolicy,
} from '@printshop/command-service/webhook/target-policy';

/** The longest excerpt of an answer the delivery log keeps. */
export const EXCERPT_CHARS = 200;
const READ_LIMIT_BYTES = 4 * EXCERPT_CHARS;
/** An excerpt sharing this many characters in a row with the request is an echo, and dropped. */
const ECHO_WINDOW = 12;
export const ECHO_OMITTED = '(answer omitted: it repeats the request)';

export interface PostResult {
  ok: boolean;
  /** Absent when no answer came (refused, timed out...). */
  status?: number;
  durationMs: number;
  snippet?: string;
  error?: string;
  /** Trying again cannot help (a redirect, an address inside the network). */
  final?: boolean;
}

/** Every address of a host, as the operating system resolves it (/etc/hosts, DNS). */
export const resolveHost: ResolveHost = (host) => dnsLookup(host, { all: true });

class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

/** node:http's lookup: resolve, refuse if any address is inside the network, else hand over the checked ones. */
function guardedLookup(
  policy: WebhookTargetPolicy,
  target: { host: string; port: number },
  resolve: ResolveHost,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(normalHost(hostname)).then(
      (addresses) => {
        const problem =
          addresses.length === 0
            ? `${hostname} has no address`
            : addresses.map((a) => addressProblem(policy, target, a.address)).find(Boolean);
        if (problem) return callback(new TargetRefused(problem), '', 0);
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = addresses.filter((a) => wanted === undefined || a.family === wanted);
        if (options.all) return callback(null, usable);
        const first = usable[0];
        if (!first) return callback(new TargetRefused(`${hostname} has no IPv${wanted} address`), '', 0);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export async function postWebhook(o: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: WebhookTargetPolicy;
  /** Default: the operating system's resolver. */
  resolve?: ResolveHost;
  /** Cuts the try short (the worker is stopping). */
  signal?: AbortSignal;
}): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(o.url);
  const target = targetOf(url);
  // An address in the URL is connected to without a lookup: check it here.
  const literal = literalAddress(url.hostname);
  const refused = literal === undefined ? undefined : addressProblem(o.policy, target, literal);
  if (refused) return { ok: false, durationMs: 0, error: refused, final: true };

  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
  const request = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'POST',
    headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) },
    lookup: guardedLookup(o.policy, target, o.resolve ?? resolveHost),
    // A fresh connection per try: a pooled socket would skip the address check.
    agent: false,
    signal,
  });
  let response: http.IncomingMessage;
  try {
    response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
      request.end(o.body);
    });
  } catch (error) {
    return {
      ok: false,
      durationMs: elapsed(),
      error: describe(error, o.timeoutMs),
      ...(error instanceof TargetRefused && { final: true }),
    };
  }
  const status = response.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  const redirect =
    status >= 300 && status < 400
      ? { error: `HTTP ${status}: redirects are not followed; register the final URL`, final: true }
      : {};
  try {
    // The body and the headers that identify this request (signature, delivery id) are not echoed.
    const sent = [o.body, ...Object.values(o.headers).filter((value) => value.length >= 32)];
    const snippet = excerptOf(await readStart(response), sent);
    return { ok, status, durationMs: elapsed(), snippet, ...redirect };
  } catch (error) {
    // The status arrived; a body cut off (or too slow) is noted, the status decides.
    return {
      ok,
      status,
      durationMs: elapsed(),
      error: redirect.error ?? `reading the answer: ${describe(error, o.timeoutMs)}`,
      ...(redirect.final && { final: true }),
    };
  } finally {
    response.destroy();
  }
}

/** The first READ_LIMIT_BYTES of the answer; the rest is not read. */
async function readStart(response: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= READ_LIMIT_BYTES) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the log keeps of an answer: its first EXCERPT_CHARS characters, control characters blanked,
 * and nothing at all (ECHO_OMITTED) when it repeats ECHO_WINDOW characters in a row of what was
 * sent (the body, the signature...): a receiver echoing the request, or an internal service's
 * reflection, never puts the payload into the log.
 */
export function excerptOf(answer: string, sent: readonly string[]): string | undefined {
  const excerpt = answer.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').slice(0, EXCERPT_CHARS);
  if (excerpt.trim() === '') return undefined;
  const windows = new Set<string>();
  for (const text of sent) {
    for (let i = 0; i + ECHO_WINDOW <= text.length; i++) windows.add(text.slice(i, i + ECHO_WINDOW));
  }
  for (let i = 0; i + ECHO_WINDOW <= excerpt.length; i++) {
    if (windows.has(excerpt.slice(i, i + ECHO_WINDOW))) return ECHO_OMITTED;
  }
  return excerpt;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const text = code && !error.message.includes(code) ? `${error.message}: ${code}` : error.message;
    return text.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
