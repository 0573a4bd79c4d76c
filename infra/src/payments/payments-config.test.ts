// The payment settings of the configuration: test mode without keys (with generated secrets that
// survive a restart), the keys when given, and refusals that name the variable.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-pay-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('payment configuration', () => {
  it('given no keys, then test mode with generated secrets, the same after a restart', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(first.stripe.secretKey).toBeUndefined();
    expect(first.stripe.webhookSecret).toMatch(/^whsec_.{32,}$/);
    expect(first.razorpay.keyId).toBeUndefined();
    expect(first.razorpay.keySecret.length).toBeGreaterThanOrEqual(32);
    expect(again.stripe.webhookSecret).toBe(first.stripe.webhookSecret);
    expect(again.razorpay.keySecret).toBe(first.razorpay.keySecret);
  });

  it('given keys, then they are used and no webhook secret is made up', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      RAZORPAY_KEY_ID: 'rzp_live_abc123',
      RAZORPAY_KEY_SECRET: 'razorpay-secret',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_abc123',
      publishableKey: 'pk_live_abc123',
      webhookSecret: undefined,
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(config.razorpay).toEqual({
      keyId: 'rzp_live_abc123',
      keySecret: 'razorpay-secret',
      apiUrl: undefined,
    });
  });

  it('given malformed keys or half a Razorpay key pair, then start-up stops naming the variable', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, RAZORPAY_KEY_ID: 'key_1' })).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ DATA_DIR: dataDir, RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, RAZORPAY_KEY_SECRET: 'only-the-secret' })).toThrow(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
  });
});
