// Turns anything thrown while handling a request into API.md's JSON error:
// `{ success: false, message, code, errors? }` with its HTTP status. The database being down, frozen
// or too slow is a 503 with Retry-After. Unknown errors become a bare 500.
import { $ZodError } from 'zod/v4/core';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';
import { DomainError, TooManyRequests } from '@printshop/shared-events/errors';
import { WrongExpectedVersion } from '@printshop/shared-events/event-store';

export interface ErrorBody {
  success: false;
  message: string;
  code: string;
  errors?: Record<string, string>;
}

export interface MappedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** False for an unknown error: it must be logged in full, and nothing of it shown. */
  known: boolean;
}

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'RULE_BROKEN',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
};

/** zod issues as `{ 'field.path': message }`, the first message of each field. */
export function fieldErrors(error: $ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

const fail = (
  status: number,
  message: string,
  code: string,
  errors?: Record<string, string>,
): MappedError => ({
  status,
  body: errors ? { success: false, message, code, errors } : { success: false, message, code },
  headers: {},
  known: true,
});

// Errors of Koa, @koa/router and the body parser (http-errors, co-body, raw-body) carry a status.
interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
  headers?: unknown;
}

function fromHttpError(error: HttpLikeError): MappedError | undefined {
  const status = Number(error.status ?? error.statusCode);
  if (!Number.isInteger(status) || status < 400 || (status >= 500 && status !== 501)) return undefined;
  if (status === 413) return fail(413, 'The request body is too large', 'PAYLOAD_TOO_LARGE');
  if (error.type === 'entity.parse.failed' || (status === 400 && error instanceof SyntaxError)) {
    return fail(400, 'The request body is not valid JSON', 'INVALID_JSON');
  }
  if (status === 415) return fail(415, 'Unsupported content type', 'UNSUPPORTED_MEDIA_TYPE');
  if (status === 501) return fail(501, 'Not implemented', 'NOT_IMPLEMENTED');
  const message = error.expose === true && typeof error.message === 'string' ? error.message : 'Bad request';
  const mapped = fail(status, message, codeByStatus[status] ?? 'BAD_REQUEST');
  if (error.headers && typeof error.headers === 'object') {
    for (const [name, value] of Object.entries(error.headers)) mapped.headers[name] = String(value);
  }
  return mapped;
}

/** Seconds a client is asked to wait after a 503 of the database: about what a restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function mapError(error: unknown): MappedError {
  if (error instanceof DomainError) {
    const mapped = fail(error.status, error.message, error.code, error.errors);
    if (error instanceof TooManyRequests)
      mapped.headers['Retry-After'] = String(Math.ceil(error.retryAfterSeconds));
    return mapped;
  }
  if (error instanceof $ZodError) {
    return fail(400, 'Some fields are not valid', 'VALIDATION_ERROR', fieldErrors(error));
  }
  if (error instanceof WrongExpectedVersion) {
    return fail(409, 'This was changed at the same time by another request; please try again', 'CONFLICT');
  }
  if (isTransientDatabaseError(error)) {
    const mapped = fail(503, 'The database is unavailable; please try again shortly', 'SERVICE_UNAVAILABLE');
    mapped.headers['Retry-After'] = String(DATABASE_RETRY_AFTER_SECONDS);
    return mapped;
  }
  if (error && typeof error === 'object') {
    const mapped = fromHttpError(error as HttpLikeError);
    if (mapped) return mapped;
  }
  return { ...fail(500, 'Internal server error', 'INTERNAL'), known: false };
}
