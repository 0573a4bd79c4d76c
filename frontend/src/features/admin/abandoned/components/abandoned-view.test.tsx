// Abandoned carts: e-mail, items, value (and its USD worth), age; the idle window sent as chosen;
// a recovery e-mail asked for once (POST), none for a checkout without an e-mail.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { abandonedCheckout, pagination, signIn } from '@/features/admin/testing/admin-fixtures';
import { ABANDONED_MESSAGES, AbandonedView } from './abandoned-view';

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

const NOW = new Date('2025-01-02T10:00:00.000Z');
const row = (text: string) => screen.getByRole('rowheader', { name: text }).closest('tr')!;
const checkouts = [
  abandonedCheckout(1),
  abandonedCheckout(2, { email: null, currency: 'USD', value: 12, valueUsd: 12 }),
  abandonedCheckout(3, {
    recoveryEmailRequestedAt: '2025-01-02T09:00:00.000Z',
    startedAt: '2024-12-30T10:00:00.000Z',
  }),
];

describe('AbandonedView', () => {
  it('given abandoned checkouts, then each shows e-mail, items, value and age', async () => {
    server.on(
      'GET /api/admin/abandoned-checkouts',
      json({ success: true, checkouts, pagination: pagination(3) }),
    );
    renderApp(<AbandonedView now={NOW} />);
    await screen.findByRole('rowheader', { name: 'shopper1@example.com' });
    const first = row('shopper1@example.com');
    expect(first).toHaveTextContent('A4 Poster × 2');
    expect(first).toHaveTextContent('€23.50');
    expect(first).toHaveTextContent('$25.54');
    expect(first).toHaveTextContent('3 hours ago');
    expect(
      within(first).getByRole('button', { name: 'Send recovery e-mail to shopper1@example.com' }),
    ).toBeEnabled();
    expect(row('Unknown')).toHaveTextContent('No e-mail');
    expect(row('shopper3@example.com')).toHaveTextContent('Sent 1 hour ago');
    expect(row('shopper3@example.com')).toHaveTextContent('3 days ago');
    expect(within(row('shopper3@example.com')).queryByRole('button')).toBeNull();
    expect(Object.fromEntries(new URL(server.requests[0]!.url, 'http://x').searchParams)).toEqual({
      page: '1',
      olderThanMinutes: '60',
    });
  });

  it('when the recovery e-mail is asked for, then it is sent once and the row says so', async () => {
    let list = checkouts;
    server.on('GET /api/admin/abandoned-checkouts', () =>
      json({ success: true, checkouts: list, pagination: pagination(3) }),
    );
    server.on('POST /api/admin/abandoned-checkouts/c1/recovery-email', () => {
      list = [
        abandonedCheckout(1, { recoveryEmailRequestedAt: '2025-01-02T10:00:00.000Z' }),
        ...checkouts.slice(1),
      ];
      return json({ success: true, checkoutId: 'c1', requestedAt: '2025-01-02T10:00:00.000Z' }, 202);
    });
    renderApp(<AbandonedView now={NOW} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send recovery e-mail to shopper1@example.com' }),
    );
    expect(await screen.findByText(ABANDONED_MESSAGES.sent('shopper1@example.com'))).toBeInTheDocument();
    await waitFor(() => expect(row('shopper1@example.com')).toHaveTextContent('Sent just now'));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('given the e-mail was already asked for, then the server’s refusal shows', async () => {
    server.on(
      'GET /api/admin/abandoned-checkouts',
      json({ success: true, checkouts, pagination: pagination(3) }),
    );
    server.on(
      'POST /api/admin/abandoned-checkouts/c1/recovery-email',
      json({ success: false, message: 'The recovery e-mail was already sent', code: 'CONFLICT' }, 409),
    );
    renderApp(<AbandonedView now={NOW} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send recovery e-mail to shopper1@example.com' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The recovery e-mail was already sent');
  });

  it('when the idle window changes, then it is asked for from page 1', async () => {
    server.on(
      'GET /api/admin/abandoned-checkouts',
      json({ success: true, checkouts, pagination: pagination(3) }),
    );
    renderApp(<AbandonedView now={NOW} />);
    await screen.findByRole('rowheader', { name: 'shopper1@example.com' });
    await userEvent.selectOptions(screen.getByLabelText('Idle for at least'), '1440');
    await waitFor(() =>
      expect(Object.fromEntries(new URL(server.requests.at(-1)!.url, 'http://x').searchParams)).toEqual({
        page: '1',
        olderThanMinutes: '1440',
      }),
    );
  });

  it('given none, then the page says so', async () => {
    server.on(
      'GET /api/admin/abandoned-checkouts',
      json({ success: true, checkouts: [], pagination: pagination(0) }),
    );
    renderApp(<AbandonedView now={NOW} />);
    expect(await screen.findByText(ABANDONED_MESSAGES.empty)).toBeInTheDocument();
  });
});
