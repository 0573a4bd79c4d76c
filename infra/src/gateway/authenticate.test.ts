// Which calls look at the Authorization header: every one but those that answer everyone alike,
// which must not read the database for a session (they answer while it is away).
import type { Context } from 'koa';
import { describe, expect, it, vi } from 'vitest';
import { Unauthorized } from '@printshop/shared-events/errors';
import { createTokenService } from '../auth/tokens';
import { authenticate, isAnonymousCall } from './authenticate';

const tokens = createTokenService('a-test-secret-of-at-least-32-characters!');
const databaseAway = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});

async function call(method: string, path: string) {
  const currentAccount = vi.fn().mockRejectedValue(databaseAway);
  const token = await tokens.issue({ id: 'u1', isAdmin: false });
  const ctx = { method, path, state: {}, get: () => `Bearer ${token}` } as unknown as Context;
  const next = vi.fn().mockResolvedValue(undefined);
  const outcome = await authenticate({ tokens, currentAccount })(ctx as never, next).then(
    () => 'passed',
    (error: unknown) => error,
  );
  return { outcome, asked: currentAccount.mock.calls.length, auth: (ctx.state as { auth?: unknown }).auth };
}

describe('authenticate', () => {
  it('given a token and the database away, when a catalog or probe call comes, then it passes as anonymous without asking', async () => {
    for (const path of [
      '/api/products',
      '/api/products/POSTERA4',
      '/api/search',
      '/api/settings',
      '/healthz',
    ]) {
      expect(await call('GET', path), path).toEqual({ outcome: 'passed', asked: 0, auth: undefined });
    }
  });

  it('given a token and the database away, when a personal call comes, then the account is asked and the outage surfaces', async () => {
    for (const [method, path] of [
      ['GET', '/api/orders'],
      ['GET', '/api/products/POSTERA4/reviews'],
      ['POST', '/api/products'],
      ['GET', '/api/admin/settings'],
    ] as const) {
      const { outcome, asked } = await call(method, path);
      expect(outcome, path).toBe(databaseAway);
      expect(asked, path).toBe(1);
    }
  });

  it('given a path that only starts like a public one, then it is not anonymous', () => {
    expect(isAnonymousCall('GET', '/api/productsX')).toBe(false);
    expect(isAnonymousCall('GET', '/api/settings/history')).toBe(false);
    expect(isAnonymousCall('DELETE', '/api/products/POSTERA4')).toBe(false);
    expect(isAnonymousCall('HEAD', '/api/products')).toBe(true);
  });

  it('given a refused token on a personal call, then it is a 401', async () => {
    const ctx = {
      method: 'GET',
      path: '/api/orders',
      state: {},
      get: () => 'Bearer nonsense',
    } as unknown as Context;
    await expect(
      authenticate({ tokens, currentAccount: vi.fn() })(ctx as never, vi.fn()),
    ).rejects.toBeInstanceOf(Unauthorized);
  });
});
