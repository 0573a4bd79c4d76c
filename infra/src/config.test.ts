import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadOrCreateSecret } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('given only a data dir, then the defaults of `npm start`', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, dataDir, logLevel: 'info', role: 'all', trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.natsServers).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('given every variable, then each is read', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      NATS_URL: 'nats://n1:4222,nats://n2:4222',
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'debug',
      ROLE: 'projections',
      JWT_SECRET: 'x'.repeat(40),
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://shop@db:5432/shop',
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
      natsServers: ['nats://n1:4222', 'nats://n2:4222'],
      logLevel: 'debug',
      role: 'projections',
      jwtSecret: 'x'.repeat(40),
      trustProxy: true,
    });
  });

  it('given --role on the command line, then it wins over ROLE', () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/shop', NATS_URL: 'nats://nats:4222' };
    expect(loadConfig({ ...env, ROLE: 'gateway' }, ['--role', 'reactors']).role).toBe('reactors');
    expect(loadConfig(env, ['--role=gateway']).role).toBe('gateway');
  });

  it('given a single role without shared services, then it is refused naming what to set', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir }, ['--role', 'gateway'])).toThrow(
      /role gateway .* set DATABASE_URL and NATS_URL/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NATS_URL: 'nats://n:4222' }, ['--role', 'reactors']),
    ).toThrow(/set DATABASE_URL \(/);
    // Projections need no bus.
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/shop' }, ['--role', 'projections']).role,
    ).toBe('projections');
  });

  it('given empty variables, then they count as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', NATS_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('given bad values, then one error names each bad variable', () => {
    const load = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/shop',
        NATS_URL: 'localhost:4222',
        JWT_SECRET: 'short',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /PORT:[\s\S]*DATABASE_URL: must be a postgres or postgresql URL[\s\S]*NATS_URL:[\s\S]*JWT_SECRET/,
    );
  });

  it('given no mail variables, then the dev mailbox defaults; given them, then each is read', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'PrintShop <no-reply@printshop.local>',
      shopEmail: undefined,
      publicUrl: undefined,
      mailDurable: 'mailer',
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        SMTP_URL: 'smtps://user:pw@mail.example.com:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        SHOP_EMAIL: 'orders@example.com',
        PUBLIC_URL: 'https://shop.example.com/',
        MAIL_DURABLE: 'mailer_b',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      mailFrom: 'Shop <shop@example.com>',
      shopEmail: 'orders@example.com',
      publicUrl: 'https://shop.example.com',
      mailDurable: 'mailer_b',
    });
  });

  it('given bad mail values, then each is named', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        SMTP_URL: 'http://mail.example.com',
        SHOP_EMAIL: 'not an address',
        PUBLIC_URL: 'shop.example.com',
        MAIL_DURABLE: 'mail.er',
      }),
    ).toThrow(/SMTP_URL: must be a smtp or smtps URL[\s\S]*SHOP_EMAIL[\s\S]*PUBLIC_URL[\s\S]*MAIL_DURABLE/);
  });

  it('given no image variables, then images live under the data dir 30 days; given them, then each is read', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      imageDir: path.join(dataDir, 'images'),
      imageRetentionDays: 30,
    });
    const imageDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, IMAGE_DIR: imageDir, IMAGE_RETENTION_DAYS: '7' })).toMatchObject({
      imageDir,
      imageRetentionDays: 7,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, IMAGE_RETENTION_DAYS: '0' })).toThrow(
      /IMAGE_RETENTION_DAYS/,
    );
  });

  it('given an unknown role, then the error names --role', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir() }, ['--role', 'worker'])).toThrow(/--role:/);
  });
});

describe('loadOrCreateSecret', () => {
  it('given no secret yet, then one is made, kept private and returned again after a restart', () => {
    const dataDir = tempDir();
    const first = loadOrCreateSecret(dataDir, 'jwt');
    expect(first).toMatch(/^[\w-]{64}$/);
    expect(statSync(path.join(dataDir, 'secrets', 'jwt')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dataDir, 'jwt')).toBe(first);
    expect(loadOrCreateSecret(dataDir, 'cookie')).not.toBe(first);
  });

  it('given a name that is a path, then it is refused', () => {
    expect(() => loadOrCreateSecret(tempDir(), '../jwt')).toThrow(/Invalid secret name/);
  });
});
