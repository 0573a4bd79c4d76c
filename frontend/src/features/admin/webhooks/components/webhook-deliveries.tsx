// The delivery log of one endpoint: each event sent, its status, tries, the last answer (status
// and the first characters of its body) or error, every attempt to unfold, and a retry for a
// delivery that failed.
import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@printshop/shared-events/api/admin';
import { WEBHOOK_DELIVERY_STATUSES } from '@printshop/shared-events/api/admin';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField } from '@/components/field';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import { useDeliveries, useRetryDelivery, type DeliveryStatus } from '../api/admin-webhooks';

export const DELIVERIES_MESSAGES = {
  failed: 'Could not load the deliveries.',
  empty: 'No deliveries yet.',
  retryFailed: 'Could not retry the delivery.',
  retried: 'Delivery queued again.',
} as const;

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const last = delivery.log?.at(-1);
  const summary = last?.responseSnippet ?? delivery.lastError ?? last?.error;
  return (
    <>
      {delivery.responseStatus != null && <code>HTTP {delivery.responseStatus}</code>}
      {summary && <div className="admin-recipe">{summary.slice(0, 120)}</div>}
      {delivery.log && delivery.log.length > 0 && (
        <details>
          <summary>{delivery.log.length === 1 ? '1 attempt' : `${delivery.log.length} attempts`}</summary>
          <ol className="admin-audit">
            {delivery.log.map((attempt) => (
              <li key={attempt.attempt}>
                #{attempt.attempt} · <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time> ·{' '}
                {attempt.responseStatus != null ? `HTTP ${attempt.responseStatus}` : 'no answer'} ·{' '}
                {attempt.durationMs} ms
                {attempt.error && <div className="text-error">{attempt.error}</div>}
                {attempt.responseSnippet && <pre>{attempt.responseSnippet}</pre>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const deliveries = useDeliveries(webhook.id, status);
  const retry = useRetryDelivery();

  return (
    <section className="admin-section" aria-labelledby="webhook-deliveries">
      <div className="admin-page__header">
        <h2 id="webhook-deliveries" className="admin-section__heading">
          Deliveries to {webhook.url}
        </h2>
        <Button
          size="sm"
          variant="secondary"
          loading={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          Refresh
        </Button>
      </div>
      <div className="admin-filters">
        <SelectField
          label="Delivery status"
          value={status}
          options={[
            { value: '', label: 'All' },
            ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
          ]}
          onChange={(event) => setStatus(event.target.value as DeliveryStatus | '')}
        />
      </div>
      {retry.isError && <Alert>{serverMessageOr(retry.error, DELIVERIES_MESSAGES.retryFailed)}</Alert>}
      {retry.isSuccess && <Alert tone="success">{DELIVERIES_MESSAGES.retried}</Alert>}
      <QueryState query={deliveries} failed={DELIVERIES_MESSAGES.failed} loadingLabel="Loading deliveries…">
        {(data) =>
          data.deliveries.length === 0 ? (
            <p className="admin-empty">{DELIVERIES_MESSAGES.empty}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Deliveries</caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Attempts
                    </th>
                    <th scope="col">Response</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.deliveries.map((delivery) => (
                    <tr key={delivery.id}>
                      <th scope="row">
                        <code>{delivery.event}</code>
                      </th>
                      <td>
                        <Badge tone={delivery.status}>{STATUS_LABELS[delivery.status]}</Badge>
                        {delivery.nextAttemptAt && delivery.status === 'pending' && (
                          <div className="admin-recipe">
                            next try{' '}
                            <time dateTime={delivery.nextAttemptAt}>
                              {formatDateTime(delivery.nextAttemptAt)}
                            </time>
                          </div>
                        )}
                      </td>
                      <td className="num">{delivery.attempts}</td>
                      <td>
                        <Attempts delivery={delivery} />
                      </td>
                      <td>
                        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
                      </td>
                      <td>
                        {delivery.status === 'failed' && (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={retry.isPending && retry.variables === delivery.id}
                            aria-label={`Retry ${delivery.event} delivery`}
                            onClick={() => retry.mutate(delivery.id)}
                          >
                            Retry
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
