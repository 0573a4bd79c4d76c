// The upload quotas on the real Postgres: two gateways (two quota objects on one database) count
// in the same table, and the limits come from the environment.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequests } from '@printshop/shared-events/errors';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import { loadConfig } from '../config';
import { createDb } from '../postgres/db';
import { createUploadQuotas, DEFAULT_UPLOAD_QUOTAS } from './upload-quotas';

const MIB = 1024 * 1024;
let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase('upload_quotas');
  db = createDb(database.url, { poolMax: 4 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const limits = { uploaderFiles: 100, uploaderBytes: 10 * MIB, ipFiles: 4, ipBytes: 100 * MIB };

describe('upload quotas on Postgres', () => {
  it('given 4 files counted for an address by one gateway (its quota), when another gateway counts one more from that address, then it refuses with Retry-After; another address is still let through', async () => {
    // Given two gateways on one database
    const first = createUploadQuotas(db, limits);
    const second = createUploadQuotas(db, limits);
    await first.count({ owner: 'guest:a', ip: '192.0.2.7' }, { files: 2, bytes: MIB });
    await first.count({ owner: 'guest:b', ip: '192.0.2.7' }, { files: 2, bytes: MIB });

    // When / Then
    const refusal = await second
      .count({ owner: 'guest:c', ip: '192.0.2.7' }, { files: 1, bytes: 1 })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBeGreaterThan(3500);
    await expect(
      second.count({ owner: 'guest:d', ip: '192.0.2.8' }, { files: 1, bytes: 1 }),
    ).resolves.toBeUndefined();
  });

  it('given an upload that takes a guest over its bytes, when it is counted, then it is refused', async () => {
    const quotas = createUploadQuotas(db, limits);
    await quotas.count({ owner: 'guest:big', ip: '192.0.2.9' }, { files: 1, bytes: 6 * MIB });
    await expect(
      quotas.count({ owner: 'guest:big', ip: '192.0.2.9' }, { files: 1, bytes: 6 * MIB }),
    ).rejects.toBeInstanceOf(TooManyRequests);
  });

  it("given the defaults, then a shopper's promised batch fits in an hour: 100 phone photos (the pages' 'up to 100 images at once'), each HEIC counted three times (its preview, then the crop's original and cropped copy), with room for re-crops", () => {
    const batch = { files: 100 * 3, bytes: 100 * (2 + 5 + 3) * MIB }; // HEIC, its upright JPEG, the crop
    expect(DEFAULT_UPLOAD_QUOTAS.uploaderFiles).toBeGreaterThanOrEqual(batch.files + 50);
    expect(DEFAULT_UPLOAD_QUOTAS.uploaderBytes).toBeGreaterThanOrEqual(batch.bytes);
    // A household or an office behind one address: a few such shoppers at once.
    expect(DEFAULT_UPLOAD_QUOTAS.ipFiles).toBeGreaterThanOrEqual(3 * DEFAULT_UPLOAD_QUOTAS.uploaderFiles);
  });

  it('given no quota variables, then the defaults; given them, then each is read (MiB for bytes); given 0, then start-up stops naming it', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-quota-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).uploadQuotas).toEqual(DEFAULT_UPLOAD_QUOTAS);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        UPLOAD_QUOTA_SESSION_FILES: '10',
        UPLOAD_QUOTA_SESSION_MB: '20',
        UPLOAD_QUOTA_IP_FILES: '30',
        UPLOAD_QUOTA_IP_MB: '40',
      }).uploadQuotas,
    ).toEqual({ uploaderFiles: 10, uploaderBytes: 20 * MIB, ipFiles: 30, ipBytes: 40 * MIB });
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_QUOTA_IP_FILES: '0' })).toThrow(
      /UPLOAD_QUOTA_IP_FILES/,
    );
    rmSync(dataDir, { recursive: true, force: true });
  });
});
