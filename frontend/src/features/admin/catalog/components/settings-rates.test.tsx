// The settings screen's currency rates: a row per non-USD display currency with its rate, a changed
// rate saved with the rest, the server's message for a rate shown on that rate's input, and the
// history naming a rate change.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CURRENCIES } from '@printshop/shared-events/rules/currencies';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { signIn } from '@/features/admin/testing/admin-fixtures';
import { SETTINGS_MESSAGES, SettingsView } from './settings-view';

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

const settings = {
  freeShippingThresholdUsdCents: 5000,
  shipping: [
    {
      country: 'IN',
      countryName: 'India',
      currency: 'INR',
      feeMinor: 9900,
      estimatedDays: { min: 3, max: 7 },
    },
  ],
  trust: { deliveryPromise: 'Fast', ratingText: '4.8' },
  currencyRates: Object.fromEntries(CURRENCIES.map((c) => [c.code, c.ratePerUsd])),
};
const rateChange = {
  field: 'currencyRate:EUR',
  sku: null,
  before: 0.92,
  after: 0.95,
  by: 'admin:1',
  byEmail: 'owner@example.com',
  at: '2026-11-20T10:00:00.000Z',
};
const serve = () => {
  server.on('GET /api/admin/settings', json({ success: true, settings }));
  server.on('GET /api/admin/settings/history', json({ success: true, changes: [rateChange] }));
};
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

describe('SettingsView currency rates', () => {
  it('given the settings, then the 24 non-USD currencies show their rate per USD and the history labels a rate change', async () => {
    serve();
    renderApp(<SettingsView />);
    const eur = await screen.findByTestId('rate-row-EUR');
    expect(screen.queryByTestId('rate-row-USD')).toBeNull();
    expect(screen.getAllByTestId(/^rate-row-/)).toHaveLength(24);
    expect(eur).toHaveTextContent('Euro (EUR)');
    expect(within(eur).getByLabelText('EUR per USD')).toHaveValue('0.92');
    const history = await screen.findByRole('table', { name: 'Changes of the settings' });
    expect(history).toHaveTextContent('Rate of EUR per USD');
    expect(history).toHaveTextContent('0.95');
  });

  it('when the owner changes the EUR rate and saves, then only that rate is sent, as a number', async () => {
    const user = userEvent.setup();
    serve();
    server.on(
      'PATCH /api/admin/settings',
      json({
        success: true,
        settings: { ...settings, currencyRates: { ...settings.currencyRates, EUR: 0.95 } },
      }),
    );
    renderApp(<SettingsView />);
    const input = await screen.findByLabelText('EUR per USD');
    await user.clear(input);
    await user.type(input, '0.95');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(JSON.parse(patches()[0]!.body)).toEqual({ currencyRates: { EUR: 0.95 } });
  });

  it('when the server refuses a rate, then its message shows on that rate input only', async () => {
    const user = userEvent.setup();
    serve();
    const message = 'The rate of JPY must be a number above 0.';
    server.on(
      'PATCH /api/admin/settings',
      json(
        { success: false, code: 'VALIDATION_ERROR', message, errors: { 'currencyRates.JPY': message } },
        400,
      ),
    );
    renderApp(<SettingsView />);
    const jpy = await screen.findByLabelText('JPY per USD');
    await user.clear(jpy);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const row = await screen.findByTestId('rate-row-JPY');
    expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    // Read once answered: the click only starts the request.
    expect(JSON.parse(patches()[0]!.body)).toEqual({ currencyRates: { JPY: null } });
    expect(jpy).toHaveAttribute('aria-invalid', 'true');
    expect(jpy).toHaveAccessibleDescription(message);
    expect(within(screen.getByTestId('rate-row-EUR')).queryByRole('alert')).toBeNull();
  });
});
