// Abandoned carts (API.md "Admin"): checkouts started and not paid, idle for at least the chosen
// time, with the shopper's e-mail, the items, the value and the age; a recovery e-mail can be
// asked for once per checkout (none without an e-mail).
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField } from '@/components/field';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { formatAge, formatAmount } from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { Pager } from '@/features/admin/components/pager';
import { QueryState } from '@/features/admin/components/query-state';
import {
  useAbandonedCheckouts,
  useSendRecoveryEmail,
  type AbandonedCheckout,
} from '../api/abandoned-checkouts';
import { EmailAddress } from '@/components/email-address';

export const ABANDONED_MESSAGES = {
  failed: 'Could not load the abandoned carts.',
  empty: 'No abandoned carts idle this long.',
  sendFailed: 'Could not ask for the recovery e-mail.',
  sent: (email: string) => `Recovery e-mail on its way to ${email}.`,
} as const;

const IDLE_OPTIONS = [
  { value: '60', label: '1 hour' },
  { value: '360', label: '6 hours' },
  { value: '1440', label: '1 day' },
  { value: '4320', label: '3 days' },
  { value: '10080', label: '7 days' },
];

function RecoveryCell({
  checkout,
  now,
  busy,
  onSend,
}: {
  checkout: AbandonedCheckout;
  now: Date;
  busy: boolean;
  onSend(): void;
}) {
  if (checkout.recoveryEmailRequestedAt) {
    return (
      <span className="text-muted">
        Sent{' '}
        <time dateTime={checkout.recoveryEmailRequestedAt}>
          {formatAge(checkout.recoveryEmailRequestedAt, now)}
        </time>
      </span>
    );
  }
  if (!checkout.email) return <span className="text-muted">No e-mail</span>;
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      aria-label={`Send recovery e-mail to ${checkout.email}`}
      onClick={onSend}
    >
      Send recovery e-mail
    </Button>
  );
}

export function AbandonedView({ now = new Date() }: { now?: Date }) {
  const [filter, setFilter] = useState({ page: 1, olderThanMinutes: 60 });
  const [done, setDone] = useState<string>();
  const checkouts = useAbandonedCheckouts(filter);
  const send = useSendRecoveryEmail();

  return (
    <AdminPage title="Abandoned Carts">
      <div className="admin-filters">
        <SelectField
          label="Idle for at least"
          value={String(filter.olderThanMinutes)}
          options={IDLE_OPTIONS}
          onChange={(event) => setFilter({ page: 1, olderThanMinutes: Number(event.target.value) })}
        />
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      {send.isError && <Alert>{serverMessageOr(send.error, ABANDONED_MESSAGES.sendFailed)}</Alert>}
      <QueryState
        query={checkouts}
        failed={ABANDONED_MESSAGES.failed}
        loadingLabel="Loading abandoned carts…"
      >
        {(data) =>
          data.checkouts.length === 0 ? (
            <p className="admin-empty">{ABANDONED_MESSAGES.empty}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Abandoned carts</caption>
                  <thead>
                    <tr>
                      <th scope="col">E-mail</th>
                      <th scope="col">Items</th>
                      <th scope="col" className="num">
                        Value
                      </th>
                      <th scope="col">Started</th>
                      <th scope="col">Recovery</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.checkouts.map((checkout) => (
                      <tr key={checkout.checkoutId}>
                        <th scope="row">
                          {checkout.email ? (
                            <EmailAddress email={checkout.email} />
                          ) : (
                            <span className="text-muted">Unknown</span>
                          )}
                        </th>
                        <td>{checkout.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}</td>
                        <td className="num">
                          {formatAmount(checkout.value, checkout.currency)}
                          {checkout.valueUsd !== undefined && checkout.currency !== 'USD' && (
                            <div className="text-muted">{formatAmount(checkout.valueUsd, 'USD')}</div>
                          )}
                        </td>
                        <td>
                          <time dateTime={checkout.startedAt} title={formatDateTime(checkout.startedAt)}>
                            {formatAge(checkout.startedAt, now)}
                          </time>
                        </td>
                        <td>
                          <RecoveryCell
                            checkout={checkout}
                            now={now}
                            busy={send.isPending && send.variables === checkout.checkoutId}
                            onSend={() =>
                              send.mutate(checkout.checkoutId, {
                                onSuccess: () => setDone(ABANDONED_MESSAGES.sent(checkout.email ?? '')),
                              })
                            }
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                label="Abandoned carts pages"
                page={data.pagination.page}
                pages={data.pagination.pages}
                onPage={(page) => setFilter((current) => ({ ...current, page }))}
              />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
