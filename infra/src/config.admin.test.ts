// ADMIN_EMAIL / ADMIN_PASSWORD: both or neither, checked against the e-mail schema and the policy.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { configTestEnv } from './test-support/config-env';

const base = configTestEnv();

describe('the first admin in the configuration', () => {
  it('given both, then the e-mail is normalised and the password kept', () => {
    const config = loadConfig({ ...base, ADMIN_EMAIL: ' Boss@Example.com ', ADMIN_PASSWORD: 'BossPass123' });
    expect(config.adminEmail).toBe('boss@example.com');
    expect(config.adminPassword).toBe('BossPass123');
  });

  it('given neither, then there is no admin to ensure', () => {
    expect(loadConfig(base).adminEmail).toBeUndefined();
  });

  it.each([
    [{ ADMIN_EMAIL: 'boss@example.com' }, /ADMIN_EMAIL and ADMIN_PASSWORD: set both/],
    [{ ADMIN_PASSWORD: 'BossPass123' }, /ADMIN_EMAIL and ADMIN_PASSWORD: set both/],
    [
      { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'BossPass123' },
      /ADMIN_EMAIL: Please enter a valid email address/,
    ],
    [
      { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'weak' },
      /ADMIN_PASSWORD: Password must be at least 8/,
    ],
  ])('given %j, then start-up stops naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
