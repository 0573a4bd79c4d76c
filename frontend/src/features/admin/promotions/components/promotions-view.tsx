// Promotion codes (API.md "Promotion codes"): every code with its discount, state, uses and end;
// create a code and change one's minimum, dates and limits (the server's field messages beside the
// fields); end a code now after a confirmation; a code's own page lists its uses.
import { useState } from 'react';
import { Link } from 'react-router';
import type { PromotionDto } from '@printshop/shared-events/api/promotions';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format-date';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import { useChangePromotion, useCreatePromotion, usePromotions } from '../api/admin-promotions';
import { EditPromotionForm } from './edit-promotion-form';
import { EndPromotionDialog } from './end-promotion-dialog';
import { PromotionForm } from './promotion-form';
import {
  canEnd,
  discountLabel,
  PROMOTION_STATE_LABELS,
  PROMOTION_STATE_TONES,
  usesLabel,
} from './promotion-format';

export const PROMOTIONS_MESSAGES = {
  failed: 'Could not load the promotion codes.',
  empty: 'No promotion codes yet. Create one to give shoppers a discount in the cart.',
  created: (code: string) => `Code ${code} created.`,
  ended: (code: string) => `Code ${code} ended.`,
  changed: (code: string) => `Code ${code} changed.`,
} as const;

export function PromotionsView() {
  const promotions = usePromotions();
  const create = useCreatePromotion();
  const change = useChangePromotion();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [toEnd, setToEnd] = useState<string>();
  const [done, setDone] = useState<string>();

  return (
    <AdminPage
      title="Promotions"
      actions={
        !adding && (
          <Button
            onClick={() => {
              create.reset();
              setDone(undefined);
              setEditing(undefined);
              setAdding(true);
            }}
          >
            New code
          </Button>
        )
      }
    >
      {adding && (
        <section className="admin-section" aria-labelledby="promotion-new">
          <h2 id="promotion-new">New code</h2>
          <PromotionForm
            busy={create.isPending}
            error={create.error}
            onSubmit={(fields) =>
              create.mutate(fields, {
                onSuccess: ({ promotion }) => {
                  setAdding(false);
                  setDone(PROMOTIONS_MESSAGES.created(promotion.code));
                },
              })
            }
            onCancel={() => setAdding(false)}
          />
        </section>
      )}
      {editing && (
        <EditSection
          code={editing}
          promotion={promotions.data?.promotions.find((p) => p.code === editing)}
          busy={change.isPending}
          error={change.error}
          onSubmit={(fields) =>
            change.mutate(
              { code: editing, change: fields },
              {
                onSuccess: () => {
                  setEditing(undefined);
                  setDone(PROMOTIONS_MESSAGES.changed(editing));
                },
              },
            )
          }
          onCancel={() => setEditing(undefined)}
        />
      )}
      {done && <Alert tone="success">{done}</Alert>}
      <QueryState query={promotions} failed={PROMOTIONS_MESSAGES.failed} loadingLabel="Loading codes…">
        {(data) =>
          data.promotions.length === 0 ? (
            <p className="admin-empty">{PROMOTIONS_MESSAGES.empty}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Promotion codes</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">State</th>
                    <th scope="col" className="num">
                      Uses
                    </th>
                    <th scope="col" className="num">
                      Held
                    </th>
                    <th scope="col">Ends</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.promotions.map((promotion) => (
                    <tr key={promotion.code}>
                      <th scope="row">
                        <Link to={`/admin/promotions/${encodeURIComponent(promotion.code)}`}>
                          {promotion.code}
                        </Link>
                      </th>
                      <td>{discountLabel(promotion)}</td>
                      <td>
                        <Badge tone={PROMOTION_STATE_TONES[promotion.state]}>
                          {PROMOTION_STATE_LABELS[promotion.state]}
                        </Badge>
                      </td>
                      <td className="num">{usesLabel(promotion)}</td>
                      <td className="num">{promotion.reserved}</td>
                      <td>
                        {promotion.endsAt ? (
                          <time dateTime={promotion.endsAt}>{formatDateTime(promotion.endsAt)}</time>
                        ) : (
                          'No end'
                        )}
                      </td>
                      <td>
                        <div className="admin-actions">
                          {promotion.state !== 'ended' && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => {
                                change.reset();
                                setDone(undefined);
                                setAdding(false);
                                setEditing(promotion.code);
                              }}
                            >
                              Edit<span className="visually-hidden"> {promotion.code}</span>
                            </Button>
                          )}
                          {canEnd(promotion) && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => {
                                setDone(undefined);
                                setToEnd(promotion.code);
                              }}
                            >
                              End now<span className="visually-hidden"> {promotion.code}</span>
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <EndPromotionDialog
        code={toEnd}
        onEnded={(code) => {
          setToEnd(undefined);
          setDone(PROMOTIONS_MESSAGES.ended(code));
        }}
        onCancel={() => setToEnd(undefined)}
      />
    </AdminPage>
  );
}

function EditSection({
  code,
  promotion,
  ...form
}: { code: string; promotion: PromotionDto | undefined } & Omit<
  Parameters<typeof EditPromotionForm>[0],
  'promotion'
>) {
  if (!promotion) return null;
  return (
    <section className="admin-section" aria-labelledby="promotion-edit">
      <h2 id="promotion-edit">Edit {code}</h2>
      {/* A fresh form per code: its fields start from that code's values. */}
      <EditPromotionForm key={code} promotion={promotion} {...form} />
    </section>
  );
}
