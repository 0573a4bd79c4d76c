// The refusal every limit answers with (API.md): 429, the contract's error body, and a Retry-After
// of at least a second and at most the limit's window.
import { expect } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';

export interface Answered {
  status: number;
  headers: Headers;
  body: unknown;
}

export function expectTooMany(answer: Answered, windowSeconds: number, message?: string): void {
  expect(answer.status).toBe(429);
  expect(errorResponseSchema.parse(answer.body)).toMatchObject({
    code: 'TOO_MANY_REQUESTS',
    ...(message === undefined ? {} : { message }),
  });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}
