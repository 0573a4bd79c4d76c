// Finds or starts Postgres and NATS once per `vitest run` (see services.ts) and hands their
// addresses to the test files.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findOrStartNats, findOrStartPostgres } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    natsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-test-'));
  const postgres = await findOrStartPostgres(scratch);
  const nats = await findOrStartNats(scratch);
  project.provide('databaseUrl', postgres.url);
  project.provide('natsUrl', nats.url);
  process.env.TEST_DATABASE_URL = postgres.url;
  process.env.TEST_NATS_URL = nats.url;
  return async () => {
    await nats.stop().catch(() => undefined);
    await postgres.stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  };
}
