// Helpers of the account API tests: a JSON client over HTTP that signs requests from its own IP
// (the test app trusts X-Forwarded-For, so rate limits of one test do not reach another), fresh
// e-mail addresses, and the app's event log.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connect } from 'nats';
import { loadConfig } from '@printshop/infra/config';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { natsUrl } from '@printshop/test/support/database';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import { allEvents } from '@printshop/shared-events/all-events';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import { PASSWORD_MESSAGES as P } from '@printshop/shared-events/rules/password-policy';
import type { TestApp } from '@printshop/test/support/app';
import { errorCatcher } from '@printshop/test/support/error-catcher';

/** Known to the tests, so they can derive reset links as the mail consumer does. */
export const TEST_SECRET = 'test-secret-for-account-api-tests-0123456789';
/** Start the app with these so each client's X-Forwarded-For is its IP. */
export const ACCOUNT_TEST_ENV = { JWT_SECRET: TEST_SECRET, TRUST_PROXY: 'true' };

export const PASSWORD = 'Secret123';

/** Every password rule of the policy, with a password breaking only it. */
export const POLICY_CASES = [
  ['Ab1', P.tooShort],
  ['abcdefg1', P.uppercase],
  ['ABCDEFG1', P.lowercase],
  ['Abcdefgh', P.number],
  [`Aa1${'x'.repeat(200)}`, P.tooLong],
] as const;

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  headers: Headers;
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

export function client(app: Pick<TestApp, 'url'>, ip = randomIp()) {
  const call = async (method: string, path: string, body?: unknown, options: CallOptions = {}) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  return {
    ip,
    get: (path: string, options?: CallOptions): Promise<Answer> => call('GET', path, undefined, options),
    post: (path: string, body?: unknown, options?: CallOptions): Promise<Answer> =>
      call('POST', path, body ?? {}, options),
    put: (path: string, body?: unknown, options?: CallOptions): Promise<Answer> =>
      call('PUT', path, body ?? {}, options),
  };
}

export type Client = ReturnType<typeof client>;

export const freshEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export async function register(
  api: Client,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  const answer = await api.post('/api/auth/register', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: freshEmail(),
    password: PASSWORD,
    ...fields,
  });
  if (answer.status !== 201)
    throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    token: answer.body.token as string,
    user: answer.body.user as { id: string; email: string; is_admin: boolean },
    position: answer.headers.get('x-event-position')!,
  };
}

/** The app's event log, for looking at what a call wrote or writing a given event. */
export function appStore(app: TestApp): EventStore {
  const connection = app.db.client.config.connection as Knex.PgConnectionConfig;
  return createPostgresEventStore({
    db: app.db,
    connectionString: connection.connectionString!,
    registry: new EventRegistry(allEvents),
  });
}

/**
 * A second gateway (role `gateway`) on the app's database, as a load balancer's other machine: its
 * own process state, pool and port, the same log and read models. Its own bus namespace, removed
 * on stop.
 */
export async function startSecondGateway(app: TestApp): Promise<{ url: string; stop(): Promise<void> }> {
  const connection = app.db.client.config.connection as Knex.PgConnectionConfig;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-gateway-'));
  const namespace = `t${randomBytes(5).toString('hex')}`;
  const catcher = errorCatcher('second-gateway');
  const shop = await startPrintShop({
    config: loadConfig({
      ...ACCOUNT_TEST_ENV,
      ROLE: 'gateway',
      DATABASE_URL: connection.connectionString!,
      NATS_URL: natsUrl(),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      BUS_NAMESPACE: namespace,
    }),
    logger: catcher.logger,
  });
  return {
    url: `http://127.0.0.1:${shop.port}`,
    async stop() {
      await shop.stop();
      const nc = await connect({ servers: natsUrl() });
      try {
        const streams = await nc.jetstreamManager();
        await streams.streams.delete(namespaceStream(namespace).streamName).catch(() => false);
      } finally {
        await nc.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
      catcher.check();
    },
  };
}
