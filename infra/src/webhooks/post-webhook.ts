// One HTTP try of a webhook: POST the body with its headers, at most `timeoutMs` for the whole
// exchange, redirects not followed (a 3xx is a failure: the admin should register the final URL).
// Only a 2xx counts as delivered. What came back is kept short for the log.

export const SNIPPET_CHARS = 500;
const READ_LIMIT_BYTES = 4 * SNIPPET_CHARS;

export interface PostResult {
  ok: boolean;
  /** Absent when no answer came (refused, timed out...). */
  status?: number;
  durationMs: number;
  snippet?: string;
  error?: string;
}

export async function postWebhook(o: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Cuts the try short (the worker is stopping). */
  signal?: AbortSignal;
}): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(o.url, {
      method: 'POST',
      body: o.body,
      headers: o.headers,
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    return { ok: false, durationMs: elapsed(), error: describe(error, o.timeoutMs) };
  }
  const ok = response.status >= 200 && response.status < 300;
  try {
    const snippet = await readSnippet(response);
    return { ok, status: response.status, durationMs: elapsed(), snippet };
  } catch (error) {
    // The status arrived; a body cut off (or too slow) is noted, the status decides.
    return {
      ok,
      status: response.status,
      durationMs: elapsed(),
      error: `reading the answer: ${describe(error, o.timeoutMs)}`,
    };
  }
}

/** The first SNIPPET_CHARS characters of the answer; the rest is not read. */
async function readSnippet(response: Response): Promise<string | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_CHARS);
  return text === '' ? undefined : text;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    const detail = cause?.code ?? cause?.message;
    return (detail ? `${error.message}: ${detail}` : error.message).slice(0, SNIPPET_CHARS);
  }
  return String(error).slice(0, SNIPPET_CHARS);
}
