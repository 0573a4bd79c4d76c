// Domain errors; the gateway maps each to its HTTP status and the JSON error of API.md.

export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  constructor(
    message: string,
    /** Field messages, for validation errors only. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code = 'VALIDATION_ERROR';
}
export class Unauthorized extends DomainError {
  readonly status = 401;
  readonly code = 'UNAUTHORIZED';
}
export class Forbidden extends DomainError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}
export class NotFound extends DomainError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}
export class Conflict extends DomainError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}
export class PayloadTooLarge extends DomainError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}
export class UnsupportedMediaType extends DomainError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}
export class RuleBroken extends DomainError {
  readonly status = 422;
  readonly code = 'RULE_BROKEN';
}
export class TooManyRequests extends DomainError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
export class ServiceUnavailable extends DomainError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}
