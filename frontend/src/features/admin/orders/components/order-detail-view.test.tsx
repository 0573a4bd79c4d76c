// One order for the admin: lines with 256 px thumbnails, print recipe and DPI band; customer,
// address, payment; the timeline; the event history; a status change (shipping needs carrier and
// tracking number); and the print-files ZIP fetched with the admin's token and saved under its name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { ADMIN_TOKEN, adminOrder, auditEvents, signIn } from '@/features/admin/testing/admin-fixtures';
import { ORDER_DETAIL_MESSAGES, OrderDetailView } from './order-detail-view';
import { STATUS_FORM_MESSAGES } from './order-status-form';

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

const serveOrder = (order = adminOrder()) =>
  server.on('GET /api/admin/orders/o1', json({ success: true, order, events: auditEvents }));

describe('OrderDetailView', () => {
  it('given an order, then its lines, customer, payment, timeline and history show', async () => {
    serveOrder();
    renderApp(<OrderDetailView orderId="o1" />);
    expect(await screen.findByRole('heading', { name: 'Order PS-10001' })).toBeInTheDocument();

    const lines = screen.getByRole('table', { name: 'Order lines' });
    const photo = within(lines).getByRole('img', { name: /Photo for A4 Poster/ });
    expect(photo).toHaveAttribute('src', '/api/images/img-crop-1?w=256');
    expect(lines).toHaveTextContent('POSTERA4 · 8.3 x 11.7 in');
    expect(lines).toHaveTextContent('Crop 800 × 1131 px at (10, 20)');
    expect(lines).toHaveTextContent('Fair (150–249 DPI)');
    expect(lines).toHaveTextContent('$3.56');

    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Ada Lovelace');
    expect(within(customer).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    // Staff read names, not codes or ids: the state and country by name, the account as a link to it.
    expect(customer).toHaveTextContent('Springfield, Illinois, 62701');
    expect(customer).toHaveTextContent('United States');
    expect(customer).not.toHaveTextContent('u1');
    expect(within(customer).getByRole('link', { name: 'Registered customer' })).toHaveAttribute(
      'href',
      '/admin/users?search=ada%40example.com',
    );
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Stripe');
    expect(payment).toHaveTextContent('Test mode');
    expect(payment).toHaveTextContent('pi_123');
    expect(payment).toHaveTextContent('StatusPaid');

    const timeline = screen.getByRole('list', { name: 'Status timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Paid', 'In production']);
    expect(timeline).toHaveTextContent('Printing today');

    const history = screen.getByRole('list', { name: 'Event history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(history).toHaveTextContent('Order placed');
    expect(history).toHaveTextContent('Order status changed');
    expect(history).toHaveTextContent('by the customer (Ada Lovelace)');
    expect(history).toHaveTextContent('by admin Grace Hopper');
    expect(history).not.toHaveTextContent('admin-1');
  });

  it('given an order with a bulk discount, a code and points, then each has its own line, as on the receipt', async () => {
    serveOrder(
      adminOrder({
        subtotal: 20,
        discount: 6.5,
        promotion: { code: 'SUMMER10', discount: 2 },
        loyaltyDiscount: 1.5,
        shippingFee: 0,
        total: 13.5,
      }),
    );
    renderApp(<OrderDetailView orderId="o1" />);
    const lines = await screen.findByRole('region', { name: 'Lines' });
    const rows = [...lines.querySelectorAll('dl dt')].map(
      (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'Subtotal $20.00',
      'Bulk discount −$3.00',
      'Code SUMMER10 −$2.00',
      'Loyalty points −$1.50',
      'Shipping $0.00',
      'Total $13.50',
    ]);
  });

  it('when shipping without carrier and tracking number, then both are asked for and nothing is sent', async () => {
    serveOrder();
    renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'shipped');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(screen.getByText(STATUS_FORM_MESSAGES.carrier)).toBeInTheDocument();
    expect(screen.getByText(STATUS_FORM_MESSAGES.trackingNumber)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Carrier/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('when shipped with a carrier and tracking number, then they are sent and the order reloads', async () => {
    let order = adminOrder();
    server.on('GET /api/admin/orders/o1', () => json({ success: true, order, events: auditEvents }));
    let body = '';
    server.on('PUT /api/admin/orders/o1/status', (request) => {
      body = request.body;
      order = adminOrder({
        status: 'shipped',
        timeline: [...adminOrder().timeline, { status: 'shipped', at: '2025-01-04T09:00:00.000Z' }],
        tracking: { carrier: 'UPS', number: '1Z999', url: 'https://www.ups.com/track?tracknum=1Z999' },
      });
      return json({ success: true, order }, 200, { 'X-Event-Position': '90' });
    });
    renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'shipped');
    await userEvent.type(screen.getByRole('textbox', { name: /^Carrier/ }), 'UPS');
    await userEvent.type(screen.getByRole('textbox', { name: /^Tracking number/ }), ' 1Z999 ');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Left the shop at 9');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));

    expect(await screen.findByText(STATUS_FORM_MESSAGES.done('shipped'))).toBeInTheDocument();
    expect(JSON.parse(body)).toEqual({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      note: 'Left the shop at 9',
    });
    const status = screen.getByRole('region', { name: 'Status' });
    await waitFor(() => expect(status).toHaveTextContent('Shipped with UPS, tracking number 1Z999'));
    expect(within(status).getByRole('link', { name: 'track the parcel' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999',
    );
    // Shipped is no longer offered: it is the status now.
    expect(within(screen.getByLabelText('New status')).queryByRole('option', { name: 'Shipped' })).toBeNull();
  });

  it('given a shipped order, then only delivered and refunded are offered; a refunded one offers nothing', async () => {
    serveOrder(adminOrder({ status: 'shipped' }));
    const { unmount } = renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    expect(
      within(screen.getByLabelText('New status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Delivered', 'Refunded']);
    unmount();
    serveOrder(adminOrder({ status: 'refunded' }));
    renderApp(<OrderDetailView orderId="o1" />);
    expect(await screen.findByText(STATUS_FORM_MESSAGES.final)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update status' })).not.toBeInTheDocument();
  });

  it('given a move the order no longer allows (someone shipped it meanwhile), then the server’s sentence shows and the order reloads', async () => {
    let order = adminOrder();
    server.on('GET /api/admin/orders/o1', () => json({ success: true, order, events: auditEvents }));
    server.on('PUT /api/admin/orders/o1/status', () => {
      // another tab shipped it before this one asked
      order = adminOrder({
        status: 'shipped',
        timeline: [...adminOrder().timeline, { status: 'shipped', at: '2025-01-04T09:00:00.000Z' }],
      });
      return json(
        { success: false, message: 'An order that is shipped cannot become cancelled.', code: 'RULE' },
        422,
      );
    });
    renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));
    // Cancelling cannot be undone: a dialog asks first, Cancel order goes on.
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    // The question was about an order that is gone: the dialog closes, the sentence stays on the form.
    const form = screen.getByRole('form', { name: 'Change status' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An order that is shipped cannot become cancelled.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('New status'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Delivered', 'Refunded']),
    );
  });

  it('given the order was cancelled in another tab, when this tab moves it on and is refused (422), then the real status, timeline and moves show with the server’s sentence', async () => {
    let order = adminOrder({ status: 'paid', timeline: [adminOrder().timeline[0]!] });
    server.on('GET /api/admin/orders/o1', () => json({ success: true, order, events: auditEvents }));
    renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    // meanwhile, tab A cancels it
    order = adminOrder({
      status: 'cancelled',
      timeline: [adminOrder().timeline[0]!, { status: 'cancelled', at: '2025-01-03T11:00:00.000Z' }],
    });
    server.on(
      'PUT /api/admin/orders/o1/status',
      json(
        {
          success: false,
          message: 'An order that is cancelled cannot become in production.',
          code: 'RULE_BROKEN',
        },
        422,
      ),
    );
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'in_production');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));

    const timeline = screen.getByRole('list', { name: 'Status timeline' });
    await waitFor(() => expect(timeline).toHaveTextContent('Cancelled'));
    // the badge beside "Placed …"
    expect(screen.getByText(/^Placed/).closest('p')).toHaveTextContent(/^Cancelled/);
    expect(
      within(screen.getByLabelText('New status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Refunded']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An order that is cancelled cannot become in production.',
    );
  });

  it('given the order was refunded in another tab, when this tab is refused (409), then it shows refunded, offers nothing and keeps the sentence', async () => {
    let order = adminOrder();
    server.on('GET /api/admin/orders/o1', () => json({ success: true, order, events: auditEvents }));
    renderApp(<OrderDetailView orderId="o1" />);
    await screen.findByRole('heading', { name: 'Order PS-10001' });
    order = adminOrder({
      status: 'refunded',
      payment: { ...adminOrder().payment, status: 'refunded', refunded: 13.56 },
      timeline: [...adminOrder().timeline, { status: 'refunded', at: '2025-01-03T12:00:00.000Z' }],
    });
    server.on(
      'PUT /api/admin/orders/o1/status',
      json({ success: false, message: 'The order changed meanwhile.', code: 'CONFLICT' }, 409),
    );
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'shipped');
    await userEvent.type(screen.getByRole('textbox', { name: /^Carrier/ }), 'UPS');
    await userEvent.type(screen.getByRole('textbox', { name: /^Tracking number/ }), '1Z999');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));

    expect(await screen.findByText(STATUS_FORM_MESSAGES.final)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('StatusRefunded');
    expect(screen.getByRole('alert')).toHaveTextContent('The order changed meanwhile.');
  });

  describe('print files', () => {
    const saved: Array<{ blob: Blob; name: string }> = [];
    const created = new Map<string, Blob>();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest('a[download]') as HTMLAnchorElement | null;
      if (!link) return;
      event.preventDefault(); // jsdom cannot navigate; the browser would save the file
      saved.push({ blob: created.get(link.href)!, name: link.download });
    };
    beforeEach(() => {
      saved.length = 0;
      // jsdom has no object URLs: these stand in for the browser's, keeping the blob to look at.
      URL.createObjectURL = (blob: Blob) => {
        const href = `blob:test/${created.size}`;
        created.set(href, blob);
        return href;
      };
      URL.revokeObjectURL = (href: string) => void created.delete(href);
      document.addEventListener('click', onClick, true);
    });
    afterEach(() => document.removeEventListener('click', onClick, true));

    it('when the button is pressed, then the ZIP is fetched with the token and saved under the server’s name', async () => {
      serveOrder();
      const zip = 'PK\u0003\u0004 pretend zip bytes';
      server.on('GET /api/admin/orders/o1/print-files', {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="PS-10001-print-files.zip"',
        },
        body: zip,
      });
      renderApp(<OrderDetailView orderId="o1" />);
      await userEvent.click(await screen.findByRole('button', { name: 'Download print files (ZIP)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('PS-10001-print-files.zip');
      expect(await saved[0]!.blob.text()).toBe(zip);
      const request = server.requests.find((r) => r.url === '/api/admin/orders/o1/print-files')!;
      expect(request.headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    });

    it('given the ZIP cannot be made, then the reason shows and nothing is saved', async () => {
      serveOrder();
      server.on('GET /api/admin/orders/o1/print-files', { status: 502, body: '' });
      renderApp(<OrderDetailView orderId="o1" />);
      await userEvent.click(await screen.findByRole('button', { name: 'Download print files (ZIP)' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_DETAIL_MESSAGES.printFilesFailed);
      expect(saved).toHaveLength(0);
    });
  });

  it('given an unknown order, then the server’s not-found message shows', async () => {
    server.on(
      'GET /api/admin/orders/nope',
      json({ success: false, message: 'Order not found', code: 'NOT_FOUND' }, 404),
    );
    renderApp(<OrderDetailView orderId="nope" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });
});
