// A price as the shopper reads it. Every price of the storefront goes through it, so the prerendered
// pages can hide them all until the saved currency applies (lib/currency/price-guard.ts).
import type { ReactNode } from 'react';
import { PRICE_ATTRIBUTE } from '@/lib/currency/price-guard';

/** Text already formatted (formatCents, formatAmount, formatMoney), marked as a price. */
export function Price({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={className} {...{ [PRICE_ATTRIBUTE]: '' }}>
      {children}
    </span>
  );
}
