// The sales report: last 30 UTC days by day in USD by default; totals, charts, tables by category
// and top products; range, grouping and currency sent as chosen; a range the API refuses is not
// asked for; the CSV fetched with the token and saved under the server's name.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_REPORT_MESSAGES } from '@printshop/shared-events/api/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { ADMIN_TOKEN, salesReport, signIn } from '@/features/admin/testing/admin-fixtures';
import { SALES_MESSAGES, SalesReportView } from './sales-report-view';

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

const NOW = new Date('2025-01-03T23:59:00.000Z');
const reports = () =>
  server.requests
    .filter((r) => r.url.startsWith('/api/admin/reports/sales'))
    .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
const kpi = (label: string) =>
  screen.getByText(label, { selector: '.admin-kpi__label' }).nextElementSibling?.textContent;

describe('SalesReportView', () => {
  it('given sales, then totals, charts and both tables show for the last 30 days in USD', async () => {
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<SalesReportView now={NOW} />);
    await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
    expect(reports()[0]).toEqual({
      from: '2024-12-05',
      to: '2025-01-03',
      groupBy: 'day',
      currency: 'USD-converted',
    });
    expect(kpi('Net revenue')).toBe('$160.50');
    expect(kpi('Orders')).toBe('4');
    expect(kpi('Units')).toBe('8');
    expect(screen.getByText('Net revenue (USD)', { selector: 'figcaption' })).toBeInTheDocument();
    expect(screen.getByText('Orders', { selector: 'figcaption' })).toBeInTheDocument();
    const categories = screen.getByRole('table', { name: 'Sales by category' });
    expect(
      within(categories)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Posters6$120.50', 'Retro Prints2$40.00']);
    expect(screen.getByRole('table', { name: 'Top products' })).toHaveTextContent(
      'A4 Poster POSTERA46$120.50',
    );
    expect(screen.getByRole('table', { name: 'Sales by period' })).toHaveTextContent('2025-01-02');
  });

  it('when range, grouping and currency change, then the report is asked for with them', async () => {
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<SalesReportView now={NOW} />);
    await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-10-01' } });
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'month');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await waitFor(() =>
      expect(reports().at(-1)).toEqual({
        from: '2024-10-01',
        to: '2025-01-03',
        groupBy: 'month',
        currency: 'EUR',
      }),
    );
  });

  it('given to before from, then the field says so and nothing is asked', async () => {
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<SalesReportView now={NOW} />);
    await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
    const asked = reports().length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-11-01' } });
    expect(await screen.findByText(SALES_REPORT_MESSAGES.order)).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(reports()).toHaveLength(asked);
  });

  it('given no sales, then the tables say so', async () => {
    server.on(
      'GET /api/admin/reports/sales',
      json(salesReport({ byCategory: [], topProducts: [], series: [], totals: salesReport().series[0]! })),
    );
    renderApp(<SalesReportView now={NOW} />);
    expect(await screen.findAllByText(SALES_MESSAGES.noSales)).toHaveLength(2);
  });

  it('when Download CSV is pressed, then the CSV of the same report is fetched with the token and saved', async () => {
    server.on('GET /api/admin/reports/sales', (request) =>
      new URL(request.url, 'http://x').searchParams.get('format') === 'csv'
        ? {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition':
                'attachment; filename="sales-2024-12-05-2025-01-03-day-USD-converted.csv"',
            },
            body: 'period,orders\n2025-01-02,3\n',
          }
        : json(salesReport()),
    );
    const saved: Array<{ href: string; name: string }> = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const href = `blob:test/${blobs.size}`;
      blobs.set(href, blob);
      return href;
    };
    URL.revokeObjectURL = () => undefined;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest('a[download]') as HTMLAnchorElement | null;
      if (!link) return;
      event.preventDefault();
      saved.push({ href: link.href, name: link.download });
    };
    document.addEventListener('click', onClick, true);
    try {
      renderApp(<SalesReportView now={NOW} />);
      await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
    } finally {
      document.removeEventListener('click', onClick, true);
    }
    expect(saved[0]!.name).toBe('sales-2024-12-05-2025-01-03-day-USD-converted.csv');
    expect(await blobs.get(saved[0]!.href)!.text()).toBe('period,orders\n2025-01-02,3\n');
    const csv = server.requests.find((r) => r.url.includes('format=csv'))!;
    expect(Object.fromEntries(new URL(csv.url, 'http://x').searchParams)).toEqual({
      from: '2024-12-05',
      to: '2025-01-03',
      groupBy: 'day',
      currency: 'USD-converted',
      format: 'csv',
    });
    expect(csv.headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('when CSV per code is pressed, then the same report is asked for with by=code', async () => {
    server.on('GET /api/admin/reports/sales', (request) =>
      new URL(request.url, 'http://x').searchParams.get('format') === 'csv'
        ? { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: 'code\n' }
        : json(salesReport()),
    );
    URL.createObjectURL = () => 'blob:test/codes';
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest('a[download]') as HTMLAnchorElement | null;
      if (!link) return;
      event.preventDefault();
      names.push(link.download);
    };
    document.addEventListener('click', onClick, true);
    try {
      renderApp(<SalesReportView now={NOW} />);
      await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
      await userEvent.click(screen.getByRole('button', { name: 'CSV per code' }));
      await waitFor(() => expect(names).toHaveLength(1));
    } finally {
      document.removeEventListener('click', onClick, true);
    }
    // Without a name from the server, the file is named as the server would.
    expect(names).toEqual(['sales-codes-2024-12-05-2025-01-03-USD-converted.csv']);
    const csv = server.requests.find((r) => r.url.includes('format=csv'))!;
    expect(new URL(csv.url, 'http://x').searchParams.get('by')).toBe('code');
  });

  it('given the server refuses the range, then its field message shows', async () => {
    server.on(
      'GET /api/admin/reports/sales',
      json(
        {
          success: false,
          message: 'The range may span at most 731 days',
          code: 'VALIDATION',
          errors: { to: 'x' },
        },
        400,
      ),
    );
    renderApp(<SalesReportView now={NOW} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The range may span at most 731 days');
  });
});
