// The sales report screen shows the promotion codes' discounts: a total, a column per period and a
// table per code (largest first, as the API orders it); a range without codes says so.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { salesReport, signIn } from '@/features/admin/testing/admin-fixtures';
import { CODE_DISCOUNTS_MESSAGES } from './code-discounts';
import { SalesReportView } from './sales-report-view';

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
const kpi = (label: string) =>
  screen.getByText(label, { selector: '.admin-kpi__label' }).nextElementSibling?.textContent;

describe('SalesReportView code discounts', () => {
  it('given orders with codes, then the total, each period and each code show their code discounts', async () => {
    const report = salesReport();
    server.on(
      'GET /api/admin/reports/sales',
      json({
        ...report,
        totals: { ...report.totals, codeDiscounts: 7.5 },
        series: report.series.map((period, index) => ({ ...period, codeDiscounts: index === 0 ? 7.5 : 0 })),
        byCode: [
          { code: 'SUMMER10', orders: 3, discount: 5.5 },
          { code: 'FIVEOFF', orders: 1, discount: 2 },
        ],
      }),
    );
    renderApp(<SalesReportView now={NOW} />);
    await screen.findByText('Net revenue', { selector: '.admin-kpi__label' });
    expect(kpi('Code discounts')).toBe('$7.50');
    const codes = screen.getByRole('table', { name: 'Discounts by promotion code' });
    expect(
      within(codes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['SUMMER103$5.50', 'FIVEOFF1$2.00']);
    const periods = screen.getByRole('table', { name: 'Sales by period' });
    const header = within(periods)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = header.indexOf('Code discounts');
    expect(column).toBeGreaterThan(0);
    const firstRow = within(periods).getAllByRole('row')[1]!;
    expect(firstRow.children[column]).toHaveTextContent('$7.50');
  });

  it('given no code used in the range, then the codes section says so', async () => {
    const report = salesReport();
    server.on(
      'GET /api/admin/reports/sales',
      json({ ...report, totals: { ...report.totals, codeDiscounts: 0 }, byCode: [] }),
    );
    renderApp(<SalesReportView now={NOW} />);
    expect(await screen.findByText(CODE_DISCOUNTS_MESSAGES.none)).toBeInTheDocument();
    expect(kpi('Code discounts')).toBe('$0.00');
  });
});
