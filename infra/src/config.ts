// The process configuration, read once from the environment and validated: a wrong value stops
// start-up with a message naming the variable, instead of failing later somewhere else.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '@printshop/shared-events/rules/password-policy';
import { TRACKING_CALLS_PER_MINUTE } from '@printshop/shared-events/api/tracking';
import { ORDER_LOOKUPS_PER_HOUR, PAYMENT_STARTS_PER_HOUR } from '@printshop/shared-events/api/orders';
import { CART_WRITES_PER_MINUTE } from '@printshop/shared-events/api/cart';
import { PROMOTION_CODE_TRIES_PER_HOUR } from '@printshop/shared-events/api/promotions';
import {
  parseAllowedHosts,
  type WebhookTargetPolicy,
} from '@printshop/command-service/webhook/target-policy';
import { DEFAULT_WEBHOOK_BACKOFF_MS } from './webhooks/retry-schedule';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './postgres/db';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotaLimits } from './images/upload-quotas';
import { DEFAULT_REGISTRATIONS_PER_HOUR } from './auth/rate-limits';

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
  /** Accounts one client address may register in an hour (default 20); more answer 429. */
  REGISTRATIONS_PER_IP_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)),
  /** Where uploaded images are kept (default DATA_DIR/images). */
  IMAGE_DIR: optional(z.string()),
  /** Days an upload's original is kept when it never reached an order (default 30). */
  IMAGE_RETENTION_DAYS: optional(z.coerce.number().int().min(1).max(3650)),
  /** Upload quotas per hour: files and MiB per user or guest session, and per IP. */
  UPLOAD_QUOTA_SESSION_FILES: optional(z.coerce.number().int().min(1).max(1_000_000)),
  UPLOAD_QUOTA_SESSION_MB: optional(z.coerce.number().int().min(1).max(1_000_000)),
  UPLOAD_QUOTA_IP_FILES: optional(z.coerce.number().int().min(1).max(1_000_000)),
  UPLOAD_QUOTA_IP_MB: optional(z.coerce.number().int().min(1).max(1_000_000)),
  /** The first admin, ensured at start-up (with ADMIN_PASSWORD, which only a new account gets). */
  ADMIN_EMAIL: optional(emailSchema),
  ADMIN_PASSWORD: optional(newPasswordSchema),
  /** smtp(s)://user:password@host:port; unset: mails go to the dev mailbox under DATA_DIR/mail. */
  SMTP_URL: optional(url(['smtp', 'smtps'])),
  /** Sender of every mail: an address, or `Name <address>`. */
  MAIL_FROM: optional(z.string().max(200)),
  /** Where the shop's own mail (contact messages) goes. */
  SHOP_EMAIL: optional(z.email('must be an e-mail address')),
  /** Base of the links in mails (the address customers reach the shop at). */
  PUBLIC_URL: optional(url(['http', 'https'])),
  /** NATS durable of the mail sender; shops (or parallel test apps) sharing one NATS need their own. */
  /** Prefix of every bus subject and durable: several shops (or test runs) sharing one NATS. */
  BUS_NAMESPACE: optional(z.string().regex(/^[a-z][a-z0-9_]{0,30}$/, 'lower-case letters, digits and _')),
  MAIL_DURABLE: optional(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, - and _ only')),
  /** A Conversions-API-style endpoint tracking events are POSTed to; unset: kept in tracking_events only. */
  TRACKING_SINK_URL: optional(url(['http', 'https'])),
  /** Cart changes one address's network may make in a minute on each gateway (default 300). */
  CART_WRITES_PER_MINUTE: optional(z.coerce.number().int().min(1).max(100_000_000)),
  /** Promotion codes one address's network may try on a cart in an hour (default 20). */
  PROMOTION_CODE_TRIES_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000_000)),
  /** Payments one address's network may start in an hour, card and UPI together (default 30). */
  PAYMENT_STARTS_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000_000)),
  /** Orders one address's network may look up by e-mail (tracking, a guest's order) in an hour (default 120). */
  ORDER_LOOKUPS_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000_000)),
  /** Tracking calls one address's network may make in a minute on each gateway (default 600). */
  TRACKING_CALLS_PER_MINUTE: optional(z.coerce.number().int().min(1).max(100_000_000)),
  /** Sent as `Authorization: Bearer <token>` to TRACKING_SINK_URL. */
  TRACKING_SINK_TOKEN: optional(z.string().max(2000)),
  /** sk_test_… / sk_live_…; unset: payments run in test mode (Stripe's test cards, no network). */
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)'),
  ),
  /** pk_…, handed to the browser with each payment intent. */
  STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)'),
  ),
  /** whsec_…: verifies Stripe's webhooks; in test mode a generated one is used unless set. */
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)'),
  ),
  /** Another Stripe API base (stripe-mock, a test stand-in); default https://api.stripe.com. */
  STRIPE_API_URL: optional(url(['http', 'https'])),
  /** rzp_test_… / rzp_live_…, with RAZORPAY_KEY_SECRET; both unset: UPI runs in test mode. */
  RAZORPAY_KEY_ID: optional(z.string().regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id (rzp_…)')),
  RAZORPAY_KEY_SECRET: optional(z.string().min(8).max(200)),
  /** Another Razorpay API base; default https://api.razorpay.com/v1. */
  RAZORPAY_API_URL: optional(url(['http', 'https'])),
  /** Waits between the tries of a webhook delivery, in ms, comma-separated: tries = their count + 1. */
  WEBHOOK_BACKOFF_MS: optional(
    z
      .string()
      .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9}){0,19}\s*$/, 'comma-separated waits in ms, 1 to 20 of them')
      .transform((value) => value.split(',').map((part) => Number(part.trim()))),
  ),
  /** How long one webhook try may take, in ms (default 10000). */
  WEBHOOK_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(120_000)),
  /** Bounds on every wait on Postgres (ms): opening a connection, getting one from the pool. */
  DB_CONNECT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)),
  DB_ACQUIRE_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)),
  /** Longest statement of this process (ms; 0: none). The operator commands run without. */
  DB_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(0).max(86_400_000)),
  /** A liveness probe unanswered this long (ms) cuts the pool's connections; 0: no probe. */
  DB_LIVENESS_TIMEOUT_MS: optional(z.coerce.number().int().min(0).max(600_000)),
  /** Hosts inside the network webhooks may still reach: host, host:port, address or CIDR, comma-separated. */
  WEBHOOK_ALLOWED_HOSTS: optional(
    z.string().transform((value, ctx) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `${(error as Error).message} (host, host:port or CIDR)` });
        return z.NEVER;
      }
    }),
  ),
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
  registrationsPerIpPerHour: number;
  /** Absolute. */
  imageDir: string;
  imageRetentionDays: number;
  uploadQuotas: UploadQuotaLimits;
  /** Both or neither. The password is a secret: never log it. */
  adminEmail?: string;
  adminPassword?: string;
  /** Unset: the dev mailbox. Holds a password: never log it. */
  smtpUrl?: string;
  mailFrom: string;
  shopEmail?: string;
  /** PUBLIC_URL without its trailing slash; unset: `http://localhost:<the port listened on>`. */
  publicUrl?: string;
  mailDurable: string;
  busNamespace?: string;
  /** Waits between the tries of a webhook delivery (default: doubling from 30 s, 8 tries in ~64 min). */
  webhookBackoffMs: readonly number[];
  webhookTimeoutMs: number;
  /** Addresses inside the network webhooks may reach anyway (default: none, public addresses only). */
  webhookTargets: WebhookTargetPolicy;
  /** Unset: tracking events stay in the tracking_events table. */
  trackingSinkUrl?: string;
  /** A secret: never log it. */
  trackingSinkToken?: string;
  trackingCallsPerMinute: number;
  paymentStartsPerHour: number;
  orderLookupsPerHour: number;
  promotionCodeTriesPerHour: number;
  cartWritesPerMinute: number;
  /** Timeouts of the database pool, and of the liveness probe (0: no probe). */
  database: DbTimeouts & { livenessTimeoutMs: number; livenessIntervalMs: number };
  /** Secrets inside: never log these two objects. */
  stripe: {
    /** Unset: test mode (an in-process stand-in decided by Stripe's test cards). */
    secretKey?: string;
    publishableKey?: string;
    /** Set in test mode too (generated, kept under DATA_DIR/secrets), so signed webhooks can be tested. */
    webhookSecret?: string;
    apiUrl?: string;
  };
  razorpay: {
    /** Unset: test mode (an in-process stand-in). */
    keyId?: string;
    /** The key secret; generated (DATA_DIR/secrets/razorpay-test) in test mode. */
    keySecret: string;
    apiUrl?: string;
  };
}

const mib = (megabytes: number | undefined) =>
  megabytes === undefined ? undefined : megabytes * 1024 * 1024;

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
  if (!e.ADMIN_EMAIL !== !e.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both (or neither; `npm run admin -- create <email>` also makes one)',
    );
  }
  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const port = e.PORT ?? 3000;
  return {
    port,
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
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR ?? DEFAULT_REGISTRATIONS_PER_HOUR,
    imageDir: path.resolve(e.IMAGE_DIR ?? path.join(dataDir, 'images')),
    imageRetentionDays: e.IMAGE_RETENTION_DAYS ?? 30,
    uploadQuotas: {
      uploaderFiles: e.UPLOAD_QUOTA_SESSION_FILES ?? DEFAULT_UPLOAD_QUOTAS.uploaderFiles,
      uploaderBytes: mib(e.UPLOAD_QUOTA_SESSION_MB) ?? DEFAULT_UPLOAD_QUOTAS.uploaderBytes,
      ipFiles: e.UPLOAD_QUOTA_IP_FILES ?? DEFAULT_UPLOAD_QUOTAS.ipFiles,
      ipBytes: mib(e.UPLOAD_QUOTA_IP_MB) ?? DEFAULT_UPLOAD_QUOTAS.ipBytes,
    },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'PrintShop <no-reply@printshop.local>',
    shopEmail: e.SHOP_EMAIL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    mailDurable: e.MAIL_DURABLE ?? 'mailer',
    busNamespace: e.BUS_NAMESPACE,
    webhookBackoffMs: e.WEBHOOK_BACKOFF_MS ?? DEFAULT_WEBHOOK_BACKOFF_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS ?? 10_000,
    webhookTargets: e.WEBHOOK_ALLOWED_HOSTS ?? parseAllowedHosts(undefined),
    trackingSinkUrl: e.TRACKING_SINK_URL,
    trackingSinkToken: e.TRACKING_SINK_TOKEN,
    trackingCallsPerMinute: e.TRACKING_CALLS_PER_MINUTE ?? TRACKING_CALLS_PER_MINUTE,
    paymentStartsPerHour: e.PAYMENT_STARTS_PER_HOUR ?? PAYMENT_STARTS_PER_HOUR,
    orderLookupsPerHour: e.ORDER_LOOKUPS_PER_HOUR ?? ORDER_LOOKUPS_PER_HOUR,
    promotionCodeTriesPerHour: e.PROMOTION_CODE_TRIES_PER_HOUR ?? PROMOTION_CODE_TRIES_PER_HOUR,
    cartWritesPerMinute: e.CART_WRITES_PER_MINUTE ?? CART_WRITES_PER_MINUTE,
    database: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.connectMs,
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.acquireMs,
      // Long enough for the slowest admin report; it only stops a runaway statement.
      statementMs: e.DB_STATEMENT_TIMEOUT_MS ?? 60_000,
      livenessTimeoutMs: e.DB_LIVENESS_TIMEOUT_MS ?? 1_500,
      livenessIntervalMs: 1_000,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret:
        e.STRIPE_WEBHOOK_SECRET ??
        (e.STRIPE_SECRET_KEY ? undefined : `whsec_${loadOrCreateSecret(dataDir, 'stripe-webhook-test')}`),
      apiUrl: e.STRIPE_API_URL,
    },
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET ?? loadOrCreateSecret(dataDir, 'razorpay-test'),
      apiUrl: e.RAZORPAY_API_URL,
    },
  };
}

/** Narrows a file's mode to `mode` when it is wider (untouched when right: it may not be ours). */
export function keepPrivate(entry: string, mode: number): void {
  if ((statSync(entry).mode & 0o777) !== mode) chmodSync(entry, mode);
}

const secretFile = (dataDir: string, name: string) => path.join(dataDir, 'secrets', name);

/**
 * A random secret kept in `<dataDir>/secrets/<name>`, created on first use, so tokens signed before
 * a restart stay valid. Several processes sharing a data dir agree on it; separate machines must
 * share it through the environment instead (JWT_SECRET). The folder is 0700 and the files 0600,
 * set again on every load in case someone widened them.
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  if (!/^[a-z0-9_-]+$/i.test(name)) throw new Error(`Invalid secret name "${name}"`);
  const file = secretFile(dataDir, name);
  const dir = path.dirname(file);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    keepPrivate(dir, 0o700);
    if (!existsSync(file)) {
      // Written in full under a name of our own, then linked into place: processes starting
      // together on one DATA_DIR never read a file another is still writing. The link fails if
      // another process's secret is already there; then we read theirs.
      const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temp, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
      try {
        linkSync(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        rmSync(temp, { force: true });
      }
    }
    keepPrivate(file, 0o600);
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException;
    if (!code) throw error;
    throw new ConfigError(
      `Invalid configuration:\n  DATA_DIR: cannot keep the secret ${name} in ${dir} (${code}${where ? ` at ${where}` : ''}): DATA_DIR must be a folder we can write`,
    );
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError(`The secret in ${file} is too short; delete it to have a new one made`);
  return secret;
}
