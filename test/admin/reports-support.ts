// Helpers of the admin report tests: a shop with a first admin, the admin's token, and waiting
// until projections have read the whole log.
import type { Knex } from 'knex';
import { readCheckpoints } from '@printshop/projections/runner/checkpoints';
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import type { TestApp } from '@printshop/test/support/app';
import { ACCOUNT_TEST_ENV, client } from '../accounts/support';

export const ADMIN_EMAIL = 'reports-admin@example.com';
export const ADMIN_PASSWORD = 'ReportsPass123';
/** Start the app with these: the first admin, a known JWT secret, X-Forwarded-For trusted. */
export const REPORTS_TEST_ENV = { ...ACCOUNT_TEST_ENV, ADMIN_EMAIL, ADMIN_PASSWORD };

export async function adminToken(app: TestApp): Promise<string> {
  const answer = await client(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (answer.status !== 200)
    throw new Error(`admin login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every named projection's checkpoint reached `position`; throws after the timeout. */
export async function caughtUp(db: Knex, names: readonly string[], position: number, timeoutMs = 240_000) {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const checkpoints = await readCheckpoints(db, names);
    if (checkpoints.length === names.length && checkpoints.every((c) => c.position >= position)) return;
    if (Date.now() > deadline) {
      throw new Error(`projections did not reach ${position}: ${JSON.stringify(checkpoints)}`);
    }
  }
}

/** A money amount of an answer (major units) back in minor units. */
export const minorOf = (major: number, currency: string): number =>
  Math.round(major * 10 ** decimalsOf(currency));
