// GET /api/admin/reports/sales (JSON) and its CSV twice (&format=csv), saved as the server names it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  salesReportResponseSchema,
  SALES_ALL_CONVERTED,
  type SALES_CURRENCY_SCOPES,
} from '@printshop/shared-events/api/admin';
import { api, apiDownload } from '@/lib/api-client';
import { adminKey } from '@/features/admin/admin-keys';

export interface SalesQuery {
  /** UTC days, both included: 'YYYY-MM-DD'. */
  from: string;
  to: string;
  groupBy: 'day' | 'week' | 'month';
  currency: (typeof SALES_CURRENCY_SCOPES)[number];
}

export const DEFAULT_SALES_CURRENCY = SALES_ALL_CONVERTED;

export const getSalesReport = (query: SalesQuery, signal?: AbortSignal) =>
  api.get('/admin/reports/sales', {
    schema: salesReportResponseSchema,
    searchParams: { ...query },
    signal,
  });

export const useSalesReport = (query: SalesQuery, enabled = true) =>
  useQuery({
    queryKey: adminKey('sales', query),
    queryFn: ({ signal }) => getSalesReport(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** `by: 'code'`: one row per promotion code over the range instead of one per period. */
export async function downloadSalesCsv(query: SalesQuery, by: 'period' | 'code' = 'period') {
  const searchParams = { ...query, format: 'csv', ...(by === 'code' && { by }) };
  const file = await apiDownload('/admin/reports/sales', { searchParams });
  const fallback =
    by === 'code'
      ? `sales-codes-${query.from}-${query.to}-${query.currency}.csv`
      : `sales-${query.from}-${query.to}-${query.groupBy}-${query.currency}.csv`;
  return { blob: file.blob, filename: file.filename ?? fallback };
}
