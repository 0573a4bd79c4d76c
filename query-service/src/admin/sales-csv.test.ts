import { describe, expect, it } from 'vitest';
import { decimalText, salesCsv, type SalesReport } from './sales-report';

describe('sales CSV', () => {
  it('writes minor units as exact decimals with the currency decimals', () => {
    expect(decimalText(123456, 2)).toBe('1234.56');
    expect(decimalText(5, 2)).toBe('0.05');
    expect(decimalText(-5, 2)).toBe('-0.05');
    expect(decimalText(0, 2)).toBe('0.00');
    expect(decimalText(-1500, 0)).toBe('-1500');
  });

  it('writes a header and one CRLF row per period', () => {
    const figures = {
      orders: 2,
      units: 3,
      gross: 1000,
      discounts: 100,
      shipping: 50,
      net: 850,
      cancellations: 1,
      refunds: 100,
      codeDiscounts: 40,
    };
    const report = {
      currency: 'JPY',
      series: [{ period: '2025-W01', start: '2024-12-30', end: '2025-01-05', ...figures }],
    } as unknown as SalesReport;
    expect(salesCsv(report)).toBe(
      'period,start,end,orders,cancellations,units,gross,discounts,shipping,refunds,net,currency,code_discounts\r\n' +
        '2025-W01,2024-12-30,2025-01-05,2,1,3,1000,100,50,100,850,JPY,40\r\n',
    );
  });
});
