// Every call to the shop's REST API (API.md) goes through here: fetch or ky for the transport, zod
// for the answer. Base path /api, cookies always sent, the stored Bearer token when signed in, and
// the response rules of spec 1 §7 "How every response is handled" with the messages of §8.
// Answers are parsed with zod/mini's safeParse, which takes classic zod schemas and zod/mini ones
// alike, so the calls of the first page can use the small zod/mini (lib/mini-schemas).
import type { Options as KyOptions, KyInstance } from 'ky';
import { safeParse, type core } from 'zod/mini';

/** Any zod schema, classic or mini. */
export type AnySchema = core.$ZodType;

export const API_BASE = '/api';
export const NON_JSON_SUCCESS = 'Operation successful (non-JSON response).';

/** A failed call: the server's message (or ours) with the HTTP status and whatever body came back. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
  /** The field messages of a validation failure (API.md `errors`), if any. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
  }
}

export const httpErrorMessage = (status: number) => `HTTP error! Status: ${status}`;
export const emptyBodyMessage = (status: number) => `Empty response body received. Status: ${status}`;
export const unparsableMessage = (status: number) => `Failed to parse JSON response. Status: ${status}`;
export const unexpectedShapeMessage = (status: number) =>
  `Unexpected response from the server. Status: ${status}`;

const isJson = (response: Response) => /[/+]json\b/i.test(response.headers.get('content-type') ?? '');

/** The `message` (or `error`) a server put in its answer, if any. */
export function serverMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

/**
 * Spec 1 §7: 204 and an empty ok body are success; a non-JSON ok body is success carrying its text
 * (or the stock sentence); a failure raises ApiError with the server's message or error field, else
 * 'HTTP error! Status: …', carrying status and data. Empty or unparsable failure bodies get §8's words.
 */
export async function readResponse(response: Response): Promise<unknown> {
  const { status } = response;
  if (status === 204) return { success: true };
  const text = await response.text();
  if (response.ok) {
    if (text.trim() === '') return { success: true };
    if (!isJson(response)) return { success: true, message: text || NON_JSON_SUCCESS };
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(unparsableMessage(status), status, text);
    }
  }
  if (text.trim() === '') throw new ApiError(emptyBodyMessage(status), status, null);
  let data: unknown = text;
  if (isJson(response)) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(unparsableMessage(status), status, text);
    }
  }
  throw new ApiError(serverMessage(data) ?? httpErrorMessage(status), status, data);
}

// --- Read-your-writes (DESIGN.md): remember the highest X-Event-Position and send it as X-Min-Position.
let highestPosition: bigint | undefined;

function notePosition(header: string | null): void {
  if (!header || !/^\d+$/.test(header.trim())) return;
  const position = BigInt(header.trim());
  if (highestPosition === undefined || position > highestPosition) highestPosition = position;
}

/** The highest X-Event-Position seen so far, as text (undefined before the first write). */
export const lastEventPosition = (): string | undefined => highestPosition?.toString();

/** A position another tab wrote at: this tab's next reads wait for it too. Anything else is ignored. */
export const noteEventPosition = (position: unknown): void =>
  notePosition(typeof position === 'string' ? position : null);

// --- Configuration: who is signed in (the session feature says) and where the API lives.
interface ClientConfig {
  getToken: () => string | null | undefined;
  /** A call sent with `token` was answered 401: that session has ended (signed out, revoked). */
  onSessionRefused?: (token: string) => void;
  /** Origin of the API; the page's own by default. */
  origin?: string;
}

const config: ClientConfig = {
  getToken: () => {
    try {
      return globalThis.localStorage?.getItem('token');
    } catch {
      return null;
    }
  },
};

/** Called once by the app (and by tests): where the token comes from, and the API origin. */
export function configureApiClient(options: Partial<ClientConfig> & { resetPosition?: boolean }): void {
  if (options.getToken) config.getToken = options.getToken;
  if (options.onSessionRefused) config.onSessionRefused = options.onSessionRefused;
  if ('origin' in options) config.origin = options.origin;
  if (options.resetPosition) highestPosition = undefined;
}

// --- Transport. Reads are a plain fetch; calls that send something (JSON, uploads) go through ky,
// fetched on the first such call: the first page only reads, and ky is not part of its download.
// Either way: 30 s timeout, no retries (they belong to the data-query client, once), the failure
// statuses handed to readResponse, and the read-your-writes headers.
const TIMEOUT_MS = 30_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Call {
  method: Method;
  url: string;
  headers: Record<string, string>;
  json?: unknown;
  body?: FormData;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  signal?: AbortSignal;
}

/** A read: fetch, aborted by the caller's signal or after the timeout. */
function read(url: string, { signal, ...init }: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    TIMEOUT_MS,
  );
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

let writer: Promise<KyInstance> | undefined;

/** A call that sends something: ky, fetched with the first such call. */
async function write(url: string, options: KyOptions): Promise<Response> {
  writer ??= import('ky').then(({ default: ky }) =>
    ky.create({ retry: 0, timeout: TIMEOUT_MS, throwHttpErrors: false }),
  );
  return (await writer)(url, options);
}

async function send({ method, url, headers, json, body, ...init }: Call): Promise<Response> {
  const position = lastEventPosition();
  if (position) headers['X-Min-Position'] = position;
  const response =
    method === 'GET'
      ? await read(url, { headers, ...init })
      : await write(url, { method, headers, json, body, ...init });
  notePosition(response.headers.get('X-Event-Position'));
  return response;
}

/** A 401 to a call that carried the session's token: that session has ended. */
function noteRefusal(token: string | null | undefined, response: Response): void {
  if (token && response.status === 401) config.onSessionRefused?.(token);
}

export type SearchParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<S extends AnySchema> {
  /** What a successful answer must look like; it is parsed (and defaulted) with this. */
  schema: S;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (uploads). */
  body?: FormData;
  searchParams?: SearchParams;
  /** Send the Bearer token when signed in (default true). */
  auth?: boolean;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The address of `/api{path}`, with the search parameters that have a value. */
function apiUrl(path: string, params?: SearchParams): string {
  const origin = config.origin ?? globalThis.location?.origin ?? '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${origin}${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** One call to `/api{path}`; resolves with the parsed answer or rejects with ApiError. */
export async function apiRequest<S extends AnySchema>(
  method: Method,
  path: string,
  options: RequestOptions<S>,
): Promise<core.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.auth === false ? undefined : config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send({
    method,
    url: apiUrl(path, options.searchParams),
    headers,
    json: options.json,
    body: options.body,
    credentials: options.credentials ?? 'include',
    cache: options.cache,
    signal: options.signal,
  });
  noteRefusal(token, response);
  const data = await readResponse(response);
  const parsed = safeParse(options.schema, data);
  if (!parsed.success) {
    throw new ApiError(serverMessage(data) ?? unexpectedShapeMessage(response.status), response.status, data);
  }
  return parsed.data;
}

/**
 * A file from `/api{path}` (a ZIP, a CSV) fetched like every other call (cookies, Bearer token,
 * X-Min-Position): its bytes and the name of the server's Content-Disposition. Failures raise
 * ApiError as JSON calls do.
 */
export async function apiDownload(
  path: string,
  options: { searchParams?: SearchParams; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | undefined }> {
  const headers: Record<string, string> = {};
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send({
    method: 'GET',
    url: apiUrl(path, options.searchParams),
    headers,
    credentials: 'include',
    signal: options.signal,
  });
  noteRefusal(token, response);
  if (!response.ok) await readResponse(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename };
}

/**
 * A multipart POST to `/api{path}` that reports how much of the body has gone (0..1), for uploads
 * the shopper watches. fetch cannot report upload progress over HTTP/1.1, so this one call uses
 * XMLHttpRequest; where there is none (tests under jsdom with Node's FormData) it is a plain
 * api.post and progress jumps to 1 at the end. Headers, positions and failures as every other call.
 */
export async function apiUpload<S extends AnySchema>(
  path: string,
  options: { schema: S; body: FormData; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<core.output<S>> {
  const { schema, body, onProgress, signal } = options;
  if (typeof XMLHttpRequest === 'undefined') {
    const answer = await apiRequest('POST', path, { schema, body, signal });
    onProgress?.(1);
    return answer;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const position = lastEventPosition();
  if (position) headers['X-Min-Position'] = position;
  const response = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.timeout = TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answerHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) answerHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const status = xhr.status;
      // A Response cannot carry 204 with a body, nor statuses outside 200-599.
      resolve(new Response(status === 204 ? null : xhr.responseText, { status, headers: answerHeaders }));
    };
    // The same words fetch uses, so spec 2 §8's network sentence applies.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new DOMException('Request timed out', 'TimeoutError'));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) return xhr.onabort(new ProgressEvent('abort'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  notePosition(response.headers.get('X-Event-Position'));
  noteRefusal(token, response);
  const data = await readResponse(response);
  const parsed = safeParse(schema, data);
  if (!parsed.success) {
    throw new ApiError(serverMessage(data) ?? unexpectedShapeMessage(response.status), response.status, data);
  }
  onProgress?.(1);
  return parsed.data;
}

type Options<S extends AnySchema> = RequestOptions<S>;

export const api = {
  get: <S extends AnySchema>(path: string, options: Options<S>) => apiRequest('GET', path, options),
  post: <S extends AnySchema>(path: string, options: Options<S>) => apiRequest('POST', path, options),
  put: <S extends AnySchema>(path: string, options: Options<S>) => apiRequest('PUT', path, options),
  patch: <S extends AnySchema>(path: string, options: Options<S>) => apiRequest('PATCH', path, options),
  delete: <S extends AnySchema>(path: string, options: Options<S>) => apiRequest('DELETE', path, options),
};

/** The sentence to show for a failed call: the ApiError's message, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
