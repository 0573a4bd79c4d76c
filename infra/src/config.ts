// The process configuration, read once from the environment and validated: a wrong value stops
// start-up with a message naming the variable, instead of failing later somewhere else.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const ROLES = ['gateway', 'projections', 'reactors', 'all'] as const;
export type Role = (typeof ROLES)[number];

// Unset and empty mean the same (`FOO= npm start`).
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  HOST: optional(z.string()),
  DATABASE_URL: optional(url(['postgres', 'postgresql'])),
  EVENTSTORE_URL: optional(url(['esdb', 'esdb+discover'])),
  /** One server or a comma-separated list of a cluster's. */
  NATS_URL: optional(
    z.string().regex(/^nats:\/\/[^,\s]+(,nats:\/\/[^,\s]+)*$/, 'must be nats://host:port[,nats://…]'),
  ),
  DATA_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  ROLE: optional(z.enum(ROLES)),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /** Port of the embedded Postgres when DATABASE_URL is unset (default 5433, or a free one remembered). */
  EMBEDDED_PG_PORT: optional(z.coerce.number().int().min(1).max(65_535)),
  /** Set when a load balancer in front sets X-Forwarded-*. */
  TRUST_PROXY: optional(z.enum(['true', 'false', '1', '0'])),
});

export interface Config {
  port: number;
  /** Unset: every interface. */
  host?: string;
  databaseUrl?: string;
  eventStoreUrl?: string;
  natsServers?: string[];
  /** Absolute. */
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  role: Role;
  jwtSecret: string;
  embeddedPostgresPort?: number;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `--role gateway` (or `--role=gateway`) wins over ROLE. */
export function roleFromArgs(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') return args[i + 1] ?? '';
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
  }
  return undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, args: readonly string[] = []): Config {
  const role = roleFromArgs(args);
  const parsed = envSchema.safeParse({ ...env, ...(role !== undefined ? { ROLE: role } : {}) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name === 'ROLE' && role !== undefined ? '--role' : name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const chosenRole = e.ROLE ?? 'all';
  // Separate role processes must share one database and one bus; embedded ones are per process.
  if (chosenRole !== 'all') {
    const missing = [
      !e.DATABASE_URL && 'DATABASE_URL',
      chosenRole !== 'projections' && !e.NATS_URL && 'NATS_URL',
    ];
    const names = missing.filter((name): name is string => !!name);
    if (names.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  role ${chosenRole} runs beside other processes: set ${names.join(' and ')} ` +
          '(embedded services are only started with --role all)',
      );
    }
  }
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  return {
    port: e.PORT ?? 3000,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    natsServers: e.NATS_URL?.split(','),
    dataDir,
    logLevel: e.LOG_LEVEL ?? 'info',
    role: chosenRole,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwt'),
    embeddedPostgresPort: e.EMBEDDED_PG_PORT,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
  };
}

/**
 * A random secret kept in `<dataDir>/secrets/<name>`, created on first use, so tokens signed before
 * a restart stay valid. Several processes sharing a data dir agree on it; separate machines must
 * share it through the environment instead (JWT_SECRET).
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  if (!/^[a-z0-9_-]+$/i.test(name)) throw new Error(`Invalid secret name "${name}"`);
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created it first; then we read theirs.
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError(`The secret in ${file} is too short; delete it to have a new one made`);
  return secret;
}
