// The composition root end to end: real Postgres and NATS, a real HTTP port, then a clean stop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import { createTestDatabase, natsUrl, type TestDatabase } from '@printshop/test/support/database';
import { loadConfig } from '../config';
import { createDb } from '../postgres/db';
import { startPrintShop } from './start-printshop';

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase('startup');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-startup-'));
});

afterAll(async () => {
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const configFor = (role: string) =>
  loadConfig({ DATABASE_URL: database.url, NATS_URL: natsUrl(), DATA_DIR: dataDir, PORT: '0' }, [
    '--role',
    role,
  ]);

describe('startPrintShop', () => {
  it('given role all, then the gateway answers and every table is migrated; after stop nothing listens', async () => {
    const shop = await startPrintShop({ config: configFor('all'), logger: silentLogger });
    const base = `http://127.0.0.1:${shop.port}`;
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        success: true,
        checks: {
          database: { ok: true },
          eventStore: { ok: true },
          bus: { ok: true },
          projections: { ok: true },
        },
      });
      expect(await (await fetch(`${base}/metrics`)).text()).toContain('http_request_duration_seconds');
    } finally {
      await shop.stop();
    }
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const db = createDb(database.url);
    try {
      const tables = await db('pg_tables').where({ schemaname: 'public' }).pluck('tablename');
      expect(tables).toEqual(expect.arrayContaining(['projection_checkpoints', 'reactor_checkpoints']));
      expect(tables.some((name: string) => name.startsWith('es_'))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('given PORT 0 and no PUBLIC_URL, then the shop names itself by the port it was given', async () => {
    const frontendDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-startup-app-'));
    writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><title>PrintShop</title>');
    const shop = await startPrintShop({ config: configFor('all'), logger: silentLogger, frontendDir });
    try {
      const robots = await (await fetch(`http://127.0.0.1:${shop.port}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: http://localhost:${shop.port}/sitemap.xml`);
    } finally {
      await shop.stop();
      rmSync(frontendDir, { recursive: true, force: true });
    }
  });

  it('given role projections, then no HTTP port is opened', async () => {
    const shop = await startPrintShop({ config: configFor('projections'), logger: silentLogger });
    try {
      expect(shop.port).toBeUndefined();
    } finally {
      await shop.stop();
    }
  });

  it('given a database that does not answer, then start-up fails with the connection error', async () => {
    const config = { ...configFor('all'), databaseUrl: 'postgres://postgres@127.0.0.1:1/none' };
    await expect(startPrintShop({ config, logger: silentLogger })).rejects.toThrow(/ECONNREFUSED/);
  });
});
