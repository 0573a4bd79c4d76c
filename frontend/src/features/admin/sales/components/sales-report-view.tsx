// The sales report (API.md "Admin"): a range of UTC days, grouped by day, ISO week or month, in one
// currency (its orders only) or every order converted to USD; charts of net revenue and orders,
// the totals (the promotion codes' discounts among them), tables by category, of the top products
// and by promotion code, and the same report as CSV.
import { useState, type ReactNode } from 'react';
import {
  SALES_ALL_CONVERTED,
  SALES_CURRENCY_SCOPES,
  SALES_REPORT_MAX_DAYS,
  SALES_REPORT_MESSAGES,
  type SalesReportResponse,
} from '@printshop/shared-events/api/admin';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, SelectField } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import {
  formatAmount,
  formatCount,
  formatPeriod,
  utcDay,
  utcDaysBefore,
} from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { SeriesChart } from '@/features/admin/components/series-chart';
import { saveFile } from '@/features/admin/save-file';
import { downloadSalesCsv, useSalesReport, type SalesQuery } from '../api/get-sales-report';
import { CodeDiscounts } from './code-discounts';

export const SALES_MESSAGES = {
  failed: 'Could not load the sales report.',
  csvFailed: 'Could not download the CSV.',
  noSales: 'No sales in this range.',
  netIs: 'Net revenue = products (gross) − discounts + shipping, less cancellations and refunds.',
} as const;

const GROUP_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const CURRENCY_OPTIONS = SALES_CURRENCY_SCOPES.map((scope) => ({
  value: scope,
  label: scope === SALES_ALL_CONVERTED ? 'All orders, in USD' : `${scope} orders only`,
}));

const DAY_MS = 86_400_000;

/** What is wrong with the range, on the field it concerns (the server's own words). */
function rangeErrors(query: SalesQuery): { from?: string; to?: string } {
  const valid = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day));
  if (!valid(query.from)) return { from: SALES_REPORT_MESSAGES.date('from') };
  if (!valid(query.to)) return { to: SALES_REPORT_MESSAGES.date('to') };
  const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (days < 0) return { to: SALES_REPORT_MESSAGES.order };
  if (days >= SALES_REPORT_MAX_DAYS) return { to: SALES_REPORT_MESSAGES.range };
  return {};
}

function ReportBody({ report }: { report: SalesReportResponse }) {
  const money = (amount: number) => formatAmount(amount, report.currency);
  const { totals } = report;
  const kpis = [
    ['Net revenue', money(totals.net)],
    ['Orders', formatCount(totals.orders)],
    ['Units', formatCount(totals.units)],
    ['Products (gross)', money(totals.gross)],
    ['Discounts', money(totals.discounts)],
    ...(totals.codeDiscounts !== undefined ? [['Code discounts', money(totals.codeDiscounts)] as const] : []),
    ['Shipping', money(totals.shipping)],
    ...(totals.refunds !== undefined ? [['Refunds', money(totals.refunds)] as const] : []),
  ] as const;
  return (
    <>
      <ul className="admin-kpis" aria-label="Totals">
        {kpis.map(([label, value]) => (
          <li key={label} className="admin-kpi">
            <p className="admin-kpi__label">{label}</p>
            <p className="admin-kpi__value" aria-label={`${label}: ${value}`}>
              {value}
            </p>
          </li>
        ))}
      </ul>
      {/* Net includes shipping, so it can exceed the products' gross: the sum says why. */}
      <p className="admin-note">{SALES_MESSAGES.netIs}</p>
      <div className="admin-grid admin-grid--2">
        <div className="admin-section">
          <SeriesChart
            caption={`Net revenue (${report.currency})`}
            points={report.series.map((row) => ({ label: formatPeriod(row.period), value: row.net }))}
            format={money}
          />
        </div>
        <div className="admin-section">
          <SeriesChart
            caption="Orders"
            points={report.series.map((row) => ({ label: formatPeriod(row.period), value: row.orders }))}
            color="var(--color-accent)"
            counts
          />
        </div>
      </div>
      <div className="admin-grid admin-grid--2">
        <UnitsAndNet
          id="sales-by-category"
          title="By category"
          column="Category"
          caption="Sales by category"
          money={money}
          rows={report.byCategory.map((row) => ({ ...row, key: row.category, label: row.category }))}
        />
        <UnitsAndNet
          id="sales-top-products"
          title="Top products"
          column="Product"
          caption="Top products"
          money={money}
          rows={report.topProducts.map((row) => ({
            ...row,
            key: row.sku,
            label: (
              <>
                {row.name} <span className="text-muted">{row.sku}</span>
              </>
            ),
          }))}
        />
      </div>
      {report.byCode && <CodeDiscounts byCode={report.byCode} money={money} />}
      <details className="admin-section">
        <summary>Figures by {report.groupBy ?? 'period'}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Sales by period</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Gross
                </th>
                <th scope="col" className="num">
                  Discounts
                </th>
                <th scope="col" className="num">
                  Code discounts
                </th>
                <th scope="col" className="num">
                  Shipping
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {report.series.map((row) => (
                <tr key={row.period}>
                  <th scope="row">{row.period}</th>
                  <td className="num">{row.orders}</td>
                  <td className="num">{row.units}</td>
                  <td className="num">{money(row.gross)}</td>
                  <td className="num">{money(row.discounts)}</td>
                  <td className="num">{money(row.codeDiscounts ?? 0)}</td>
                  <td className="num">{money(row.shipping)}</td>
                  <td className="num">{money(row.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

export function SalesReportView({ now = new Date() }: { now?: Date }) {
  const [query, setQuery] = useState<SalesQuery>({
    from: utcDaysBefore(now, 29),
    to: utcDay(now),
    groupBy: 'day',
    currency: SALES_ALL_CONVERTED,
  });
  const errors = rangeErrors(query);
  const valid = Object.keys(errors).length === 0;
  const report = useSalesReport(query, valid);
  const [csvBusy, setCsvBusy] = useState(false);
  const [csvError, setCsvError] = useState<string>();
  const set = (next: Partial<SalesQuery>) => setQuery((current) => ({ ...current, ...next }));

  const downloadCsv = async (by: 'period' | 'code') => {
    setCsvBusy(true);
    setCsvError(undefined);
    try {
      const file = await downloadSalesCsv(query, by);
      saveFile(file.blob, file.filename);
    } catch (failure) {
      setCsvError(serverMessageOr(failure, SALES_MESSAGES.csvFailed));
    } finally {
      setCsvBusy(false);
    }
  };

  return (
    <AdminPage
      title="Sales Reports"
      actions={
        <div className="admin-actions">
          <Button
            variant="secondary"
            disabled={!valid}
            loading={csvBusy}
            onClick={() => void downloadCsv('period')}
          >
            Download CSV
          </Button>
          <Button
            variant="secondary"
            disabled={!valid}
            loading={csvBusy}
            onClick={() => void downloadCsv('code')}
          >
            CSV per code
          </Button>
        </div>
      }
    >
      <div className="admin-filters" role="group" aria-label="Report">
        <Field
          label="From"
          type="date"
          value={query.from}
          error={errors.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <Field
          label="To"
          type="date"
          value={query.to}
          error={errors.to}
          onChange={(e) => set({ to: e.target.value })}
        />
        <SelectField
          label="Group by"
          value={query.groupBy}
          options={GROUP_OPTIONS}
          onChange={(e) => set({ groupBy: e.target.value as SalesQuery['groupBy'] })}
        />
        <SelectField
          label="Currency"
          value={query.currency}
          options={CURRENCY_OPTIONS}
          onChange={(e) => set({ currency: e.target.value as SalesQuery['currency'] })}
        />
      </div>
      <p className="text-muted">Days are UTC; both ends are included.</p>
      {csvError && <Alert>{csvError}</Alert>}
      {valid && (
        <QueryState query={report} failed={SALES_MESSAGES.failed} loadingLabel="Loading the report…">
          {(data) => <ReportBody report={data} />}
        </QueryState>
      )}
    </AdminPage>
  );
}

/** A table of units and net per row (category or product). */
function UnitsAndNet({
  id,
  title,
  column,
  caption,
  rows,
  money,
}: {
  id: string;
  title: string;
  /** The rows' heading: Category, Product. */
  column: string;
  caption: string;
  rows: { key: string; label: ReactNode; units: number; net: number }[];
  money(amount: number): string;
}) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="admin-empty">{SALES_MESSAGES.noSales}</p>
      ) : (
        // A SKU does not break (LARGERETROPOLAROIDWHITE): on a phone the table scrolls in its box,
        // not the page, and with no link in it the box takes the keys' focus to scroll.
        <div className="admin-table-wrap" tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{formatCount(row.units)}</td>
                  <td className="num">{money(row.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
