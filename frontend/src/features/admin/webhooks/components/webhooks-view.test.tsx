// Webhook endpoints: create (URL and events checked first; the secret shown once, with a copy
// button), edit, disable and enable, ping, delete after a confirmation; the delivery log with each
// delivery's status, attempts and answer, and a retry for a failed one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { delivery, signIn, webhook } from '@/features/admin/testing/admin-fixtures';
import { DELIVERIES_MESSAGES } from './webhook-deliveries';
import { WEBHOOK_FORM_MESSAGES } from './webhook-form';
import { WEBHOOKS_MESSAGES, WebhooksView } from './webhooks-view';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const serveWebhooks = (list = [webhook(1)]) =>
  server.on('GET /api/admin/webhooks', json({ success: true, webhooks: list }));
const bodies = (method: string, url: string) =>
  server.requests
    .filter((r) => r.method === method && r.url === url)
    .map((r) => (r.body ? JSON.parse(r.body) : undefined));
const endpoint = (url: string) => screen.getByText(url).closest('li')!;

describe('WebhooksView', () => {
  it('given no endpoints, then the page says so', async () => {
    serveWebhooks([]);
    renderApp(<WebhooksView />);
    expect(await screen.findByText(WEBHOOKS_MESSAGES.empty)).toBeInTheDocument();
  });

  it('when an endpoint is created without events or with a bad URL, then the form says so and sends nothing', async () => {
    serveWebhooks([]);
    renderApp(<WebhooksView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    await userEvent.type(screen.getByLabelText(/^Endpoint URL/), 'ftp://example.com/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(screen.getByText('Enter an http(s) URL')).toBeInTheDocument();
    expect(screen.getByText(WEBHOOK_FORM_MESSAGES.events)).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when an endpoint is created, then its secret shows once with a copy button, and not after Done', async () => {
    const user = userEvent.setup();
    let list = [webhook(1)];
    server.on('GET /api/admin/webhooks', () => json({ success: true, webhooks: list }));
    server.on('POST /api/admin/webhooks', () => {
      const created = webhook(2, {
        url: 'https://erp.example.com/in',
        events: ['order.paid', 'order.shipped'],
      });
      list = [...list, created];
      return json({ success: true, webhook: { ...created, secret: 'whsec_shown_only_once_1234' } }, 201);
    });
    renderApp(<WebhooksView />);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    await user.type(screen.getByLabelText(/^Endpoint URL/), ' https://erp.example.com/in ');
    // Ticked out of order: sent in the catalogue's order.
    await user.click(screen.getByRole('checkbox', { name: 'order.shipped' }));
    await user.click(screen.getByRole('checkbox', { name: 'order.paid' }));
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));

    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_shown_only_once_1234');
    expect(bodies('POST', '/api/admin/webhooks')).toEqual([
      { url: 'https://erp.example.com/in', events: ['order.paid', 'order.shipped'], active: true },
    ]);
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_shown_only_once_1234');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await waitFor(() => expect(screen.getByText('https://erp.example.com/in')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(/whsec_shown_only_once_1234/)).not.toBeInTheDocument();
  });

  it('when an endpoint is edited, then its new URL and events are sent', async () => {
    serveWebhooks();
    server.on('PUT /api/admin/webhooks/w1', json({ success: true, webhook: webhook(1) }));
    renderApp(<WebhooksView />);
    await screen.findByText('https://hooks.example.com/1');
    await userEvent.click(
      within(endpoint('https://hooks.example.com/1')).getByRole('button', { name: 'Edit' }),
    );
    const url = screen.getByLabelText(/^Endpoint URL/);
    expect(url).toHaveValue('https://hooks.example.com/1');
    expect(screen.getByRole('checkbox', { name: 'order.paid' })).toBeChecked();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/new');
    await userEvent.click(screen.getByRole('checkbox', { name: 'order.shipped' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'review.submitted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(WEBHOOKS_MESSAGES.saved)).toBeInTheDocument();
    expect(bodies('PUT', '/api/admin/webhooks/w1')).toEqual([
      { url: 'https://hooks.example.com/new', events: ['order.paid', 'review.submitted'] },
    ]);
  });

  it('when an endpoint is disabled, then active false is sent; a disabled one offers Enable and no ping', async () => {
    serveWebhooks([webhook(1), webhook(2, { active: false })]);
    server.on('PUT /api/admin/webhooks/w1', json({ success: true, webhook: webhook(1, { active: false }) }));
    renderApp(<WebhooksView />);
    await screen.findByText('https://hooks.example.com/1');
    const second = endpoint('https://hooks.example.com/2');
    expect(second).toHaveTextContent('Disabled');
    expect(within(second).getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(within(second).getByRole('button', { name: 'Ping' })).toBeDisabled();
    await userEvent.click(
      within(endpoint('https://hooks.example.com/1')).getByRole('button', { name: 'Disable' }),
    );
    await waitFor(() => expect(bodies('PUT', '/api/admin/webhooks/w1')).toEqual([{ active: false }]));
  });

  it('when an endpoint is pinged, then the ping is sent and its delivery log opens', async () => {
    serveWebhooks();
    server.on('POST /api/admin/webhooks/w1/ping', json({ success: true }, 202));
    server.on(
      'GET /api/admin/webhooks/w1/deliveries',
      json({
        success: true,
        deliveries: [
          delivery(1, {
            event: 'webhook.ping',
            status: 'delivered',
            responseStatus: 200,
            lastError: null,
            log: [],
          }),
        ],
      }),
    );
    renderApp(<WebhooksView />);
    await screen.findByText('https://hooks.example.com/1');
    await userEvent.click(screen.getByRole('button', { name: 'Ping' }));
    expect(
      await screen.findByText(WEBHOOKS_MESSAGES.pinged('https://hooks.example.com/1')),
    ).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    expect(log).toHaveTextContent('webhook.ping');
    expect(log).toHaveTextContent('Delivered');
    expect(log).toHaveTextContent('HTTP 200');
  });

  it('given a failed delivery, then its attempts and answer show and Retry queues it again', async () => {
    serveWebhooks();
    let deliveries = [
      delivery(1),
      delivery(2, { status: 'delivered', responseStatus: 204, lastError: null }),
    ];
    server.on('GET /api/admin/webhooks/w1/deliveries', () => json({ success: true, deliveries }));
    server.on('POST /api/admin/webhooks/deliveries/d1/retry', () => {
      deliveries = [
        delivery(1, { status: 'pending', nextAttemptAt: '2025-01-02T11:00:00.000Z' }),
        deliveries[1]!,
      ];
      return json({ success: true, delivery: deliveries[0] });
    });
    renderApp(<WebhooksView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const failed = within(log).getAllByRole('row')[1]!;
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('HTTP 500');
    expect(failed).toHaveTextContent('Internal trouble at the receiver');
    expect(within(failed).getByText('1 attempt')).toBeInTheDocument();
    expect(within(within(log).getAllByRole('row')[2]!).queryByRole('button', { name: /Retry/ })).toBeNull();

    await userEvent.click(within(failed).getByRole('button', { name: 'Retry order.paid delivery' }));
    expect(await screen.findByText(DELIVERIES_MESSAGES.retried)).toBeInTheDocument();
    await waitFor(() => expect(within(log).getAllByRole('row')[1]).toHaveTextContent('Pending'));
  });

  it('given a retry the server refuses, then its sentence shows', async () => {
    serveWebhooks();
    server.on('GET /api/admin/webhooks/w1/deliveries', json({ success: true, deliveries: [delivery(1)] }));
    server.on(
      'POST /api/admin/webhooks/deliveries/d1/retry',
      json(
        { success: false, message: 'Enable this endpoint before retrying its deliveries', code: 'RULE' },
        422,
      ),
    );
    renderApp(<WebhooksView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry order.paid delivery' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enable this endpoint before retrying its deliveries',
    );
  });

  it('when an endpoint is deleted and that is confirmed, then DELETE is sent', async () => {
    serveWebhooks();
    server.on('DELETE /api/admin/webhooks/w1', json({ success: true }));
    renderApp(<WebhooksView />);
    await screen.findByText('https://hooks.example.com/1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText(WEBHOOKS_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url === '/api/admin/webhooks/w1')).toBe(
      true,
    );
  });
});
