// REGISTRATIONS_PER_IP_PER_HOUR: how many accounts one address may register in an hour.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { configTestEnv } from './test-support/config-env';

const base = configTestEnv();

describe('the registration limit in the configuration', () => {
  it('given nothing, then 20 an hour; given a number, then that', () => {
    expect(loadConfig(base).registrationsPerIpPerHour).toBe(20);
    expect(loadConfig({ ...base, REGISTRATIONS_PER_IP_PER_HOUR: '5' }).registrationsPerIpPerHour).toBe(5);
  });

  it.each(['0', '-1', '2.5', 'many'])('given %j, then start-up stops naming the variable', (value) => {
    const load = () => loadConfig({ ...base, REGISTRATIONS_PER_IP_PER_HOUR: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/REGISTRATIONS_PER_IP_PER_HOUR/);
  });
});
