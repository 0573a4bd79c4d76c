// TRACKING_SINK_URL / TRACKING_SINK_TOKEN: an http(s) endpoint, optional, empty means unset.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { configTestEnv } from './test-support/config-env';

const base = configTestEnv();

describe('the tracking sink in the configuration', () => {
  it('given a URL and a token, then both are kept', () => {
    const config = loadConfig({
      ...base,
      TRACKING_SINK_URL: 'https://capi.example/v1/events',
      TRACKING_SINK_TOKEN: 'abc',
    });
    expect(config).toMatchObject({
      trackingSinkUrl: 'https://capi.example/v1/events',
      trackingSinkToken: 'abc',
    });
  });

  it('given none or empty values, then events stay in the table', () => {
    expect(loadConfig(base).trackingSinkUrl).toBeUndefined();
    expect(loadConfig({ ...base, TRACKING_SINK_URL: '', TRACKING_SINK_TOKEN: '' })).toMatchObject({
      trackingSinkUrl: undefined,
      trackingSinkToken: undefined,
    });
  });

  it.each(['ftp://capi.example/events', 'not a url'])('given %j, then start-up stops naming it', (url) => {
    expect(() => loadConfig({ ...base, TRACKING_SINK_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRACKING_SINK_URL: url })).toThrow(
      /TRACKING_SINK_URL: must be a http or https URL/,
    );
  });
});
