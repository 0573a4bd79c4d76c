// Tabs of the poster pages (spec 2 §2, §4): Product Details (default), Shipping (the visitor's
// country's rule) and FAQ.
import { useId, useState } from 'react';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { shipsFree } from '@printshop/shared-events/rules/shipping-terms';
import { EarlyTapButton } from '@/components/early-tap-button';
import { useShippingTerms } from '@/lib/catalog/live-catalog';
import { POSTER_FAQ, type PosterSpec } from '../poster-content';

type Tab = 'details' | 'shipping' | 'faq';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'details', label: 'Product Details' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'faq', label: 'FAQ' },
];

export const PROCESSING_TIME = '24-48 hours (excluding Sundays)';

export interface PosterTabsProps {
  spec: PosterSpec;
  country: string;
  currency: CurrencyCode;
  /** The order's subtotal before the bulk discount (minor units of `currency`), as the cart compares it. */
  subtotal: number;
  format(minor: number): string;
}

export function PosterTabs({ spec, country, currency, subtotal, format }: PosterTabsProps) {
  const [tab, setTab] = useState<Tab>('details');
  const base = useId();
  const terms = useShippingTerms(country, currency);
  const { rule } = terms;
  const fee = shipsFree(terms, subtotal) ? 'Free' : format(terms.baseRate);

  return (
    <section className="poster-tabs">
      <div role="tablist" aria-label="Product information">
        {TABS.map((t) => (
          <EarlyTapButton
            key={t.id}
            tapName={`poster-tab-${t.id}`}
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </EarlyTapButton>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${tab}`}
        aria-labelledby={`${base}-${tab}-tab`}
        className="poster-tabs__panel"
      >
        {tab === 'details' && (
          <dl className="poster-specs">
            <div>
              <dt>Size</dt>
              <dd>
                {spec.sizeLabel} ({spec.dimensions})
              </dd>
            </div>
            <div>
              <dt>Paper</dt>
              <dd>Premium matte board, 300 GSM</dd>
            </div>
            <div>
              <dt>Print</dt>
              <dd>300 DPI, fade-resistant inks</dd>
            </div>
            <div>
              <dt>Border</dt>
              <dd>0.5 cm white border</dd>
            </div>
          </dl>
        )}
        {tab === 'shipping' && (
          <dl className="poster-specs" data-testid="shipping-panel">
            <div>
              <dt>Ships to</dt>
              <dd>{rule.countryName}</dd>
            </div>
            <div>
              <dt>Processing time</dt>
              <dd>{PROCESSING_TIME}</dd>
            </div>
            <div>
              <dt>Delivery</dt>
              <dd>
                {rule.estimatedDays.min}-{rule.estimatedDays.max} business days
              </dd>
            </div>
            <div>
              <dt>Standard shipping</dt>
              <dd>{terms.baseRate === 0 ? 'Free' : format(terms.baseRate)}</dd>
            </div>
            {terms.freeShippingThreshold !== null && (
              <div>
                <dt>Free shipping</dt>
                <dd>On orders over {format(terms.freeShippingThreshold)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping for this order</dt>
              <dd data-testid="order-shipping">{fee}</dd>
            </div>
          </dl>
        )}
        {tab === 'faq' && (
          <div className="poster-faq">
            {POSTER_FAQ.map((item) => (
              <details key={item.question}>
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
