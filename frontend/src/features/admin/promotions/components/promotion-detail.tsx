// One promotion code for the admin (API.md "Promotion codes"): its terms, state and counts, and
// every use (held by a payment under way, expired, released, or spent by an order); End code (after a
// confirmation) while it can still be used.
import { useState } from 'react';
import { Link } from 'react-router';
import type { PromotionDto } from '@printshop/shared-events/api/promotions';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import { usePromotion } from '../api/admin-promotions';
import { EndPromotionDialog } from './end-promotion-dialog';
import {
  canEnd,
  discountLabel,
  PROMOTION_STATE_LABELS,
  PROMOTION_STATE_TONES,
  usesLabel,
} from './promotion-format';

export const PROMOTION_DETAIL_MESSAGES = {
  failed: 'Could not load the promotion code.',
  noUses: 'No checkout has used this code yet.',
  ended: 'Code ended.',
} as const;

// A hold whose time ran out with no payment is 'expired' (the server judges it at the read).
const USE_LABELS = { reserved: 'Held', expired: 'Expired', released: 'Released', spent: 'Spent' } as const;
const USE_TONES = {
  reserved: 'pending',
  expired: 'inactive',
  released: 'inactive',
  spent: 'active',
} as const;

const when = (iso: string | null, none: string) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : none;

function Terms({ promotion }: { promotion: PromotionDto }) {
  return (
    <dl className="admin-dl">
      <dt>Discount</dt>
      <dd>{discountLabel(promotion)}</dd>
      <dt>State</dt>
      <dd>
        <Badge tone={PROMOTION_STATE_TONES[promotion.state]}>{PROMOTION_STATE_LABELS[promotion.state]}</Badge>
      </dd>
      <dt>Minimum subtotal</dt>
      <dd>{promotion.minSubtotalUsd > 0 ? formatAmount(promotion.minSubtotalUsd, 'USD') : 'None'}</dd>
      <dt>Starts</dt>
      <dd>{when(promotion.startsAt, 'Now')}</dd>
      <dt>Ends</dt>
      <dd>{when(promotion.endsAt, 'No end')}</dd>
      {promotion.endedAt && (
        <>
          <dt>Ended</dt>
          <dd>{when(promotion.endedAt, '')}</dd>
        </>
      )}
      <dt>Uses</dt>
      <dd>{usesLabel(promotion)}</dd>
      <dt>Held now</dt>
      <dd>{promotion.reserved}</dd>
      <dt>Per customer</dt>
      <dd>{promotion.maxUsesPerCustomer ?? 'No limit'}</dd>
      <dt>Product families</dt>
      <dd>{promotion.families?.join(', ') ?? 'Every item'}</dd>
    </dl>
  );
}

export function PromotionDetailView({ code }: { code: string }) {
  const promotion = usePromotion(code);
  const [ending, setEnding] = useState(false);
  const [done, setDone] = useState<string>();
  return (
    <AdminPage title={`Code ${code}`}>
      <p>
        <Link to="/admin/promotions">← All promotion codes</Link>
      </p>
      {done && <Alert tone="success">{done}</Alert>}
      <QueryState
        query={promotion}
        failed={PROMOTION_DETAIL_MESSAGES.failed}
        loadingLabel="Loading the code…"
      >
        {(data) => (
          <>
            <section className="admin-section" aria-labelledby="promotion-terms">
              <h2 id="promotion-terms">Terms</h2>
              <Terms promotion={data.promotion} />
            </section>
            <section className="admin-section" aria-labelledby="promotion-uses">
              <h2 id="promotion-uses">Uses</h2>
              {data.useList.length === 0 ? (
                <p className="admin-empty">{PROMOTION_DETAIL_MESSAGES.noUses}</p>
              ) : (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <caption className="visually-hidden">Uses of {code}</caption>
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Customer</th>
                        <th scope="col">Status</th>
                        <th scope="col">Order</th>
                        <th scope="col" className="num">
                          Discount
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.useList.map((use) => (
                        <tr key={use.checkoutId}>
                          <td>{when(use.at, '')}</td>
                          <td>{use.customer}</td>
                          <td>
                            <Badge tone={USE_TONES[use.status]}>{USE_LABELS[use.status]}</Badge>
                            {use.beyondLimit && ' (beyond the limit)'}
                          </td>
                          <td>{use.orderNumber ?? '—'}</td>
                          <td className="num">
                            {use.discount !== null && use.currency
                              ? formatAmount(use.discount, use.currency)
                              : '—'}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            {canEnd(data.promotion) && (
              <div className="admin-actions">
                <Button variant="ghost" onClick={() => setEnding(true)}>
                  End code
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
      <EndPromotionDialog
        code={ending ? code : undefined}
        onEnded={() => {
          setEnding(false);
          setDone(PROMOTION_DETAIL_MESSAGES.ended);
        }}
        onCancel={() => setEnding(false)}
      />
    </AdminPage>
  );
}
