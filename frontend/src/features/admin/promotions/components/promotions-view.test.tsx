// Promotion codes for the admin: the list with state and uses; creating and editing a code (the
// body sent, the server's field messages beside the fields); ending a code only after a
// confirmation; a code's page with its uses (an ended hold as Expired).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PromotionDto } from '@printshop/shared-events/api/promotions';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { signIn } from '@/features/admin/testing/admin-fixtures';
import { EDIT_PROMOTION_MESSAGES } from './edit-promotion-form';
import { PromotionDetailView, PROMOTION_DETAIL_MESSAGES } from './promotion-detail';
import { PROMOTIONS_MESSAGES, PromotionsView } from './promotions-view';

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

const promotion = (overrides: Partial<PromotionDto> = {}): PromotionDto => ({
  code: 'SUMMER10',
  percentBps: 1000,
  amountsOff: {},
  minSubtotalUsd: 0,
  startsAt: '2025-01-01T00:00:00.000Z',
  endsAt: null,
  endedAt: null,
  maxUses: 5,
  maxUsesPerCustomer: null,
  families: null,
  uses: 2,
  reserved: 1,
  state: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
const fiveOff = promotion({
  code: 'FIVEOFF',
  percentBps: null,
  amountsOff: { USD: 5, EUR: 4.5 },
  maxUses: null,
  uses: 0,
  reserved: 0,
  state: 'ended',
  endedAt: '2025-01-05T00:00:00.000Z',
});

const serveList = (list: PromotionDto[]) =>
  server.on('GET /api/admin/promotions', json({ success: true, promotions: list }));
const bodies = (method: string, url: string) =>
  server.requests.filter((r) => r.method === method && r.url === url).map((r) => JSON.parse(r.body));
const row = (code: string) => screen.getByRole('link', { name: code }).closest('tr')!;

describe('PromotionsView', () => {
  it('given codes, then each shows its discount, state, uses of its limit and held uses', async () => {
    serveList([promotion(), fiveOff]);
    renderApp(<PromotionsView />);
    await screen.findByRole('link', { name: 'SUMMER10' });
    const cells = (code: string) =>
      within(row(code))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('SUMMER10').slice(0, 4)).toEqual(['10%', 'Active', '2 of 5', '1']);
    expect(cells('FIVEOFF').slice(0, 4)).toEqual(['$5.00 / €4.50', 'Ended', '0', '0']);
    // An ended code cannot be ended again.
    expect(within(row('FIVEOFF')).queryByRole('button')).not.toBeInTheDocument();
    expect(row('SUMMER10').querySelector('a')).toHaveAttribute('href', '/admin/promotions/SUMMER10');
  });

  it('given no codes, then the page says so', async () => {
    serveList([]);
    renderApp(<PromotionsView />);
    expect(await screen.findByText(PROMOTIONS_MESSAGES.empty)).toBeInTheDocument();
  });

  it('when a fixed-amount code is created, then its terms are sent in the API shape and it is announced', async () => {
    const user = userEvent.setup();
    serveList([]);
    server.on('POST /api/admin/promotions', json({ success: true, promotion: fiveOff }, 201));
    renderApp(<PromotionsView />);
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    await user.type(screen.getByLabelText(/^Code/), ' fiveoff ');
    await user.click(screen.getByRole('radio', { name: 'Fixed amount per currency' }));
    await user.type(screen.getByLabelText('Amount off'), '5');
    await user.click(screen.getByRole('button', { name: 'Add a currency' }));
    await user.type(screen.getByLabelText('Amount off 2'), '4.5');
    await user.type(screen.getByLabelText('Minimum subtotal (USD)'), '20');
    await user.type(screen.getByLabelText('Total uses'), '100');
    await user.type(screen.getByLabelText('Uses per customer'), '1');
    await user.click(screen.getByRole('checkbox', { name: 'Posters' }));
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText(PROMOTIONS_MESSAGES.created('FIVEOFF'))).toBeInTheDocument();
    expect(bodies('POST', '/api/admin/promotions')).toEqual([
      {
        code: 'fiveoff',
        amountsOff: { USD: 5, EUR: 4.5 },
        minSubtotalUsd: 20,
        maxUses: 100,
        maxUsesPerCustomer: 1,
        families: ['posters'],
      },
    ]);
  });

  it('when the server refuses the code, then its field message shows beside the field and the form stays', async () => {
    const user = userEvent.setup();
    serveList([]);
    server.on(
      'POST /api/admin/promotions',
      json(
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'The end must be after the start.',
          errors: { endsAt: 'The end must be after the start.' },
        },
        400,
      ),
    );
    renderApp(<PromotionsView />);
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    await user.type(screen.getByLabelText(/^Code/), 'SPRING');
    await user.type(screen.getByLabelText('Percentage off (%)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    const ends = screen.getByLabelText(/^Ends/);
    await waitFor(() => expect(ends).toHaveAttribute('aria-invalid', 'true'));
    expect(ends).toHaveAccessibleDescription(/The end must be after the start\./);
    expect(bodies('POST', '/api/admin/promotions')).toEqual([{ code: 'SPRING', percentBps: 1250 }]);
    expect(screen.getByRole('button', { name: 'Create code' })).toBeInTheDocument();
  });

  it('when End now is pressed, then nothing is sent until it is confirmed, and Cancel sends nothing', async () => {
    const user = userEvent.setup();
    serveList([promotion()]);
    server.on(
      'PATCH /api/admin/promotions/SUMMER10',
      json({ success: true, promotion: promotion({ state: 'ended' }) }),
    );
    renderApp(<PromotionsView />);
    await screen.findByRole('link', { name: 'SUMMER10' });
    await user.click(within(row('SUMMER10')).getByRole('button', { name: /^End now\s*SUMMER10$/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'End SUMMER10 now?' });
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(within(row('SUMMER10')).getByRole('button', { name: /^End now\s*SUMMER10$/ }));
    dialog = screen.getByRole('alertdialog', { name: 'End SUMMER10 now?' });
    await user.click(within(dialog).getByRole('button', { name: 'End code' }));
    expect(await screen.findByText(PROMOTIONS_MESSAGES.ended('SUMMER10'))).toBeInTheDocument();
    expect(bodies('PATCH', '/api/admin/promotions/SUMMER10')).toEqual([{ end: true }]);
  });
});

describe('editing a code', () => {
  it("when Edit is pressed, then the form holds the code's values and only the changed fields are sent", async () => {
    const user = userEvent.setup();
    serveList([promotion({ maxUsesPerCustomer: 2 }), fiveOff]);
    server.on(
      'PATCH /api/admin/promotions/SUMMER10',
      json({ success: true, promotion: promotion({ maxUses: 10, minSubtotalUsd: 20 }) }),
    );
    renderApp(<PromotionsView />);
    await screen.findByRole('link', { name: 'SUMMER10' });
    // An ended code cannot be changed: no Edit.
    expect(within(row('FIVEOFF')).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    await user.click(within(row('SUMMER10')).getByRole('button', { name: /^Edit\s*SUMMER10$/ }));

    const form = screen.getByRole('form', { name: 'Edit SUMMER10' });
    expect(within(form).getByLabelText('Total uses')).toHaveValue('5');
    expect(within(form).getByLabelText('Uses per customer')).toHaveValue('2');
    expect(within(form).getByLabelText(/^Ends/)).toHaveValue('');
    await user.clear(within(form).getByLabelText('Total uses'));
    await user.type(within(form).getByLabelText('Total uses'), '10');
    await user.type(within(form).getByLabelText(/^Minimum subtotal/), '20');
    await user.clear(within(form).getByLabelText('Uses per customer'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(PROMOTIONS_MESSAGES.changed('SUMMER10'))).toBeInTheDocument();
    expect(bodies('PATCH', '/api/admin/promotions/SUMMER10')).toEqual([
      { minSubtotalUsd: 20, maxUses: 10, maxUsesPerCustomer: null },
    ]);
    expect(screen.queryByRole('form', { name: 'Edit SUMMER10' })).not.toBeInTheDocument();
  });

  it('when the server refuses a change, then its field message shows beside that field and the form stays', async () => {
    const user = userEvent.setup();
    serveList([promotion({ endsAt: '2025-02-01T00:00:00.000Z' })]);
    const message = 'The end must be after the start.';
    server.on(
      'PATCH /api/admin/promotions/SUMMER10',
      json({ success: false, code: 'VALIDATION_ERROR', message, errors: { startsAt: message } }, 400),
    );
    renderApp(<PromotionsView />);
    await user.click(await screen.findByRole('button', { name: /^Edit\s*SUMMER10$/ }));
    const form = screen.getByRole('form', { name: 'Edit SUMMER10' });
    const starts = within(form).getByLabelText(/^Starts/);
    await user.clear(starts);
    await user.type(starts, '2025-03-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(starts).toHaveAttribute('aria-invalid', 'true'));
    expect(starts).toHaveAccessibleDescription(new RegExp(message));
    expect(bodies('PATCH', '/api/admin/promotions/SUMMER10')).toEqual([
      { startsAt: new Date('2025-03-01T10:00').toISOString() },
    ]);
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('when nothing was changed or a limit is not a number, then nothing is sent', async () => {
    const user = userEvent.setup();
    serveList([promotion()]);
    renderApp(<PromotionsView />);
    await user.click(await screen.findByRole('button', { name: /^Edit\s*SUMMER10$/ }));
    const form = screen.getByRole('form', { name: 'Edit SUMMER10' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(EDIT_PROMOTION_MESSAGES.unchanged)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Uses per customer'), 'two');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByLabelText('Uses per customer')).toHaveAccessibleDescription(
      new RegExp(EDIT_PROMOTION_MESSAGES.number),
    );
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});

describe('PromotionDetailView', () => {
  it('given a code with uses, then its terms and each use with its status, order and discount show', async () => {
    server.on(
      'GET /api/admin/promotions/SUMMER10',
      json({
        success: true,
        promotion: promotion({ families: ['posters'], maxUsesPerCustomer: 1 }),
        useList: [
          {
            checkoutId: 'c1',
            customer: 'user:u1',
            status: 'spent',
            orderNumber: 'PS-10007',
            discount: 2.5,
            currency: 'EUR',
            beyondLimit: false,
            at: '2025-01-02T10:00:00.000Z',
          },
          {
            checkoutId: 'c2',
            customer: 'email:guest@example.com',
            status: 'reserved',
            orderNumber: null,
            discount: null,
            currency: null,
            beyondLimit: false,
            at: '2025-01-02T11:00:00.000Z',
          },
        ],
      }),
    );
    renderApp(<PromotionDetailView code="SUMMER10" />);
    const uses = await screen.findByRole('table', { name: 'Uses of SUMMER10' });
    const rows = within(uses)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['user:u1', 'Spent', 'PS-10007', '€2.50'],
      ['email:guest@example.com', 'Held', '—', '—'],
    ]);
    expect(screen.getByText('Product families').nextSibling).toHaveTextContent('posters');
    expect(screen.getByRole('button', { name: 'End code' })).toBeInTheDocument();
  });

  it('given a hold whose time ran out, then its use shows as Expired, not Held', async () => {
    server.on(
      'GET /api/admin/promotions/SUMMER10',
      json({
        success: true,
        promotion: promotion({ uses: 0, reserved: 0 }),
        useList: [
          {
            checkoutId: 'c3',
            customer: 'email:late@example.com',
            status: 'expired',
            orderNumber: null,
            discount: null,
            currency: null,
            beyondLimit: false,
            at: '2025-01-02T12:00:00.000Z',
          },
        ],
      }),
    );
    renderApp(<PromotionDetailView code="SUMMER10" />);
    const uses = await screen.findByRole('table', { name: 'Uses of SUMMER10' });
    const [, first] = within(uses).getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[2]).toHaveTextContent(/^Expired$/);
  });

  it('given a code nobody used, then the page says so', async () => {
    server.on(
      'GET /api/admin/promotions/SUMMER10',
      json({ success: true, promotion: promotion({ uses: 0, reserved: 0 }), useList: [] }),
    );
    renderApp(<PromotionDetailView code="SUMMER10" />);
    expect(await screen.findByText(PROMOTION_DETAIL_MESSAGES.noUses)).toBeInTheDocument();
  });
});
