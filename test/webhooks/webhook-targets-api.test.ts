// Registering an endpoint inside the shop's network, over HTTP, with WEBHOOK_ALLOWED_HOSTS unset:
// loopback, link-local (the cloud metadata address), private, CGNAT, unspecified and IPv6
// unique-local hosts, in every spelling (IPv4-mapped IPv6, decimal, octal, hex), and a name that
// resolves to loopback (localhost, through /etc/hosts), are refused with 400 naming the url field;
// a public address is accepted; changing an endpoint's URL to an internal one is refused too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookResponseSchema } from '@printshop/shared-events/api/admin';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { WEBHOOK_MESSAGES } from '@printshop/command-service/webhook/endpoint-rules';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { api } from './support';

const ADMIN_EMAIL = 'targets-admin@example.com';
const ADMIN_PASSWORD = 'TargetsPass123';

let app: TestApp;
let admin: ReturnType<typeof api>;

beforeAll(async () => {
  app = await startTestApp({ label: 'webhook_targets', env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  const login = await api(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  admin = api(app, login.body.token);
});
afterAll(async () => {
  await app?.stop();
});

describe('registering an endpoint inside the network', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 (loopback)'],
    ['http://localhost:8080/hook', '(loopback)'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 (link-local)'],
    ['http://[fe80::1]/hook', 'fe80::1 (link-local)'],
    ['http://10.1.2.3/hook', '10.1.2.3 (private)'],
    ['https://172.16.0.1/hook', '172.16.0.1 (private)'],
    ['http://192.168.1.10:3000/hook', '192.168.1.10 (private)'],
    ['http://100.64.0.1/hook', '100.64.0.1 (carrier-grade NAT)'],
    ['http://[fc00::1]/hook', 'fc00::1 (unique-local)'],
    ['http://0.0.0.0:3000/hook', '0.0.0.0 (unspecified)'],
    ['http://[::]/hook', ':: (unspecified)'],
    ['http://[::1]/hook', '::1 (loopback)'],
    ['http://[::ffff:127.0.0.1]/hook', '127.0.0.1 (loopback)'],
    ['http://[::ffff:a9fe:a9fe]/hook', '169.254.169.254 (link-local)'],
    ['http://[::127.0.0.1]:8080/hook', '::7f00:1 (IPv4-compatible)'],
    ['http://[::a9fe:a9fe]/latest/meta-data', '::a9fe:a9fe (IPv4-compatible)'],
    ['http://2130706433/hook', '127.0.0.1 (loopback)'],
    ['http://0177.0.0.1/hook', '127.0.0.1 (loopback)'],
    ['http://0x7f.0.0.1/hook', '127.0.0.1 (loopback)'],
    ['http://0xa9fea9fe/hook', '169.254.169.254 (link-local)'],
  ])(
    'given WEBHOOK_ALLOWED_HOSTS unset, when %s is registered, then 400 naming the url',
    async (url, why) => {
      const answer = await admin.post('/api/admin/webhooks', { url, events: ['order.paid'] });
      expect(answer.status, answer.text).toBe(400);
      const error = errorResponseSchema.parse(answer.body);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: WEBHOOK_MESSAGES.invalid });
      expect(error.errors?.url).toContain(why);
      expect(error.errors?.url).toContain('WEBHOOK_ALLOWED_HOSTS');
      // and nothing was registered
      const list = await admin.get('/api/admin/webhooks');
      expect(JSON.stringify(list.body)).not.toContain(url.split('/')[2]);
    },
  );

  it('given a public address, when it is registered, then 201', async () => {
    const answer = await admin.post('/api/admin/webhooks', {
      url: 'https://93.184.216.34/hook',
      events: ['order.paid'],
    });
    expect(answer.status, answer.text).toBe(201);
  });

  it('given an endpoint, when its URL is changed to the metadata address, then 400 and it keeps its URL', async () => {
    const created = await admin.post('/api/admin/webhooks', {
      url: 'https://hooks.example.com/keep',
      events: ['order.paid'],
    });
    expect(created.status, created.text).toBe(201);
    const { id } = webhookResponseSchema.parse(created.body).webhook;
    const changed = await admin.put(`/api/admin/webhooks/${id}`, { url: 'http://169.254.169.254/' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors.url).toMatch(/169\.254\.169\.254 \(link-local\)/);
    const list = await admin.get('/api/admin/webhooks');
    expect(list.body.webhooks.find((w: { id: string }) => w.id === id).url).toBe(
      'https://hooks.example.com/keep',
    );
  });
});
