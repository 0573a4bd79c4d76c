// The orders list: status filter and search (each back to page 1, kept in the address), paging,
// and multi-select with a confirmed bulk delete (DELETE /api/admin/orders/bulk {orderIds}).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { orderSummary, pagination, signIn } from '@/features/admin/testing/admin-fixtures';
import { ORDERS_MESSAGES, OrdersView } from './orders-view';

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

/** 45 orders, 20 a page; the page asked for. */
function serveOrders() {
  server.on('GET /api/admin/orders', (request) => {
    const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? 1);
    const all = Array.from({ length: 45 }, (_, i) => orderSummary(i + 1));
    return json({
      success: true,
      orders: all.slice((page - 1) * 20, page * 20),
      pagination: pagination(45, page),
    });
  });
}

const listQueries = () =>
  server.requests
    .filter((request) => request.method === 'GET' && request.url.startsWith('/api/admin/orders'))
    .map((request) => Object.fromEntries(new URL(request.url, 'http://x').searchParams));

describe('OrdersView', () => {
  it('given 45 orders, then the first 20 show and Next brings the second page', async () => {
    serveOrders();
    const { history } = renderApp(<OrdersView />, { path: '/admin/orders' });
    expect(await screen.findByRole('link', { name: 'PS-10001' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(screen.getAllByRole('checkbox', { name: /^Select order / })).toHaveLength(20);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'PS-10021' })).toBeInTheDocument();
    expect(listQueries().at(-1)).toEqual({ page: '2' });
    expect(history.location.search).toBe('?page=2');
  });

  it('when a status is chosen and a search made, then each asks again from page 1', async () => {
    serveOrders();
    const { history } = renderApp(<OrdersView />, { path: '/admin/orders?page=2' });
    await screen.findByRole('link', { name: 'PS-10021' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', status: 'shipped' }));
    await userEvent.type(screen.getByLabelText('Search orders'), '  ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ page: '1', status: 'shipped', search: 'ada@example.com' }),
    );
    expect(history.location.search).toBe('?status=shipped&search=ada%40example.com');
  });

  it('given no order matches, then the list says so', async () => {
    server.on('GET /api/admin/orders', json({ success: true, orders: [], pagination: pagination(0) }));
    renderApp(<OrdersView />, { path: '/admin/orders?search=nobody' });
    expect(await screen.findByText(ORDERS_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByLabelText('Search orders')).toHaveValue('nobody');
  });

  it('when two orders are selected and the deletion confirmed, then both ids are sent and the list refreshes', async () => {
    serveOrders();
    let body = '';
    server.on('DELETE /api/admin/orders/bulk', (request) => {
      body = request.body;
      return json({ success: true, deleted: 2 }, 200, { 'X-Event-Position': '77' });
    });
    renderApp(<OrdersView />, { path: '/admin/orders' });
    await screen.findByRole('link', { name: 'PS-10001' });
    const deleteButton = screen.getByRole('button', { name: 'Delete selected' });
    expect(deleteButton).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order PS-10001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order PS-10003' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const listed = listQueries().length;

    await userEvent.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 orders?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(ORDERS_MESSAGES.deleted(2))).toBeInTheDocument();
    expect(JSON.parse(body)).toEqual({ orderIds: ['o1', 'o3'] });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(listed));
    // The refreshed list reflects the deletion (read-your-writes).
    expect(server.requests.at(-1)?.headers['x-min-position']).toBe('77');
  });

  it('when Select all is ticked, then every order of the page is selected; Escape in the dialog deletes nothing', async () => {
    serveOrders();
    renderApp(<OrdersView />, { path: '/admin/orders' });
    await screen.findByRole('link', { name: 'PS-10001' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    expect(screen.getByText('20 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete 20 orders?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toHaveFocus();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByText('20 selected')).toBeInTheDocument();
  });

  it('given the deletion is refused, then the dialog stays open with the server message', async () => {
    serveOrders();
    server.on(
      'DELETE /api/admin/orders/bulk',
      json({ success: false, message: 'Admins only', code: 'FORBIDDEN' }, 403),
    );
    renderApp(<OrdersView />, { path: '/admin/orders' });
    await screen.findByRole('link', { name: 'PS-10001' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order PS-10002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 1 order?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Admins only');
  });

  it('given the list fails, then the failure shows', async () => {
    server.on('GET /api/admin/orders', { status: 500, body: '' });
    renderApp(<OrdersView />, { path: '/admin/orders' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDERS_MESSAGES.failed);
  });
});
