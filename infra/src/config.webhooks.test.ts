// WEBHOOK_BACKOFF_MS, WEBHOOK_TIMEOUT_MS and WEBHOOK_ALLOWED_HOSTS: defaults of about an hour of
// tries, 10 s and no host inside the network, or the values given, and bad values named.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { configTestEnv } from './test-support/config-env';

const base = configTestEnv();

describe('webhook delivery settings', () => {
  it('given nothing, then at least 6 tries spread over about an hour, and a 10 s timeout', () => {
    const config = loadConfig(base);
    const spanMs = config.webhookBackoffMs.reduce((sum, ms) => sum + ms, 0);
    expect(config.webhookBackoffMs.length + 1).toBeGreaterThanOrEqual(6);
    expect(spanMs).toBeGreaterThanOrEqual(55 * 60_000);
    expect(spanMs).toBeLessThanOrEqual(75 * 60_000);
    expect(config.webhookTimeoutMs).toBe(10_000);
    expect(config.webhookTargets.allowed).toEqual([]);
  });

  it('given values, then each is read', () => {
    const config = loadConfig({ ...base, WEBHOOK_BACKOFF_MS: '100, 200,400', WEBHOOK_TIMEOUT_MS: '2500' });
    expect(config.webhookBackoffMs).toEqual([100, 200, 400]);
    expect(config.webhookTimeoutMs).toBe(2500);
  });

  it('given allowed hosts, then each entry is read', () => {
    const config = loadConfig({ ...base, WEBHOOK_ALLOWED_HOSTS: 'hooks.internal:8443, 10.0.0.0/8' });
    expect(config.webhookTargets.allowed).toHaveLength(2);
    expect(config.webhookTargets.allowed[0]).toEqual({ host: 'hooks.internal', port: 8443 });
  });

  it.each([
    [{ WEBHOOK_BACKOFF_MS: 'soon' }, /WEBHOOK_BACKOFF_MS: comma-separated waits in ms/],
    [{ WEBHOOK_BACKOFF_MS: '100,,200' }, /WEBHOOK_BACKOFF_MS/],
    [{ WEBHOOK_BACKOFF_MS: '-5' }, /WEBHOOK_BACKOFF_MS/],
    [{ WEBHOOK_BACKOFF_MS: Array(21).fill('1').join(',') }, /WEBHOOK_BACKOFF_MS/],
    [{ WEBHOOK_TIMEOUT_MS: '10' }, /WEBHOOK_TIMEOUT_MS/],
    [{ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,10.0.0.0/99' }, /WEBHOOK_ALLOWED_HOSTS: "10.0.0.0\/99"/],
    [{ WEBHOOK_ALLOWED_HOSTS: 'http://hooks.internal' }, /WEBHOOK_ALLOWED_HOSTS/],
  ])('given %j, then start-up stops naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
