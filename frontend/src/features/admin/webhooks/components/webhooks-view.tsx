// Outgoing webhooks (API.md "Admin"): the endpoints with their events and state; add one (its
// secret shown once), change its URL and events, disable or enable it, send it a ping, delete it
// after a confirmation, and open its delivery log.
import { useState } from 'react';
import type { Webhook } from '@printshop/shared-events/api/admin';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { formatDate } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import {
  useCreateWebhook,
  useDeleteWebhook,
  usePingWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/admin-webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { WebhookSecret } from './webhook-secret';

export const WEBHOOKS_MESSAGES = {
  failed: 'Could not load the webhooks.',
  empty: 'No endpoints yet. Add one to send order and review events to another system.',
  actionFailed: 'Could not change the endpoint.',
  pinged: (url: string) => `Ping sent to ${url}: see its deliveries.`,
  deleted: 'Endpoint deleted.',
  saved: 'Endpoint saved.',
} as const;

export function WebhooksView() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const ping = usePingWebhook();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const [toDelete, setToDelete] = useState<Webhook>();
  const [viewing, setViewing] = useState<string>();
  const [done, setDone] = useState<string>();
  const busyWith = (id: string) =>
    (update.isPending && update.variables.id === id) || (ping.isPending && ping.variables === id);
  const actionError = update.error ?? ping.error;

  const startAdding = () => {
    create.reset();
    setSecret(undefined);
    setEditing(undefined);
    setDone(undefined);
    setAdding(true);
  };

  return (
    <AdminPage
      title="Webhooks"
      actions={
        !adding && (
          <Button onClick={startAdding} aria-expanded={adding}>
            Add endpoint
          </Button>
        )
      }
    >
      {secret && <WebhookSecret secret={secret} onDone={() => setSecret(undefined)} />}
      {adding && (
        <section className="admin-section" aria-labelledby="webhook-new">
          <h2 id="webhook-new">New endpoint</h2>
          <WebhookForm
            submitLabel="Create endpoint"
            busy={create.isPending}
            error={create.error}
            onSubmit={(fields) =>
              create.mutate(fields, {
                onSuccess: ({ webhook }) => {
                  setAdding(false);
                  setSecret(webhook.secret);
                },
              })
            }
            onCancel={() => setAdding(false)}
          />
        </section>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      {actionError && !update.isPending && !ping.isPending && (
        <Alert>{serverMessageOr(actionError, WEBHOOKS_MESSAGES.actionFailed)}</Alert>
      )}
      <QueryState query={webhooks} failed={WEBHOOKS_MESSAGES.failed} loadingLabel="Loading webhooks…">
        {(data) =>
          data.webhooks.length === 0 ? (
            <p className="admin-empty">{WEBHOOKS_MESSAGES.empty}</p>
          ) : (
            <ul className="admin-reviews" aria-label="Endpoints">
              {data.webhooks.map((webhook) => (
                <li key={webhook.id} className="admin-review">
                  {editing === webhook.id ? (
                    <WebhookForm
                      initial={webhook}
                      showActive={false}
                      submitLabel="Save endpoint"
                      busy={update.isPending}
                      error={update.error}
                      onSubmit={({ url, events }) =>
                        update.mutate(
                          { id: webhook.id, url, events },
                          {
                            onSuccess: () => {
                              setEditing(undefined);
                              setDone(WEBHOOKS_MESSAGES.saved);
                            },
                          },
                        )
                      }
                      onCancel={() => setEditing(undefined)}
                    />
                  ) : (
                    <>
                      <div className="admin-review__meta">
                        <strong className="admin-webhook__url">{webhook.url}</strong>
                        <Badge tone={webhook.active ? 'active' : 'inactive'}>
                          {webhook.active ? 'Active' : 'Disabled'}
                        </Badge>
                        <span>
                          since <time dateTime={webhook.createdAt}>{formatDate(webhook.createdAt)}</time>
                        </span>
                      </div>
                      <p className="admin-review__content">
                        Events: <code>{webhook.events.join(', ')}</code>
                      </p>
                      <div className="admin-actions" role="group" aria-label={`Endpoint ${webhook.url}`}>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-pressed={viewing === webhook.id}
                          onClick={() =>
                            setViewing((current) => (current === webhook.id ? undefined : webhook.id))
                          }
                        >
                          Deliveries
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={!webhook.active || busyWith(webhook.id)}
                          onClick={() =>
                            ping.mutate(webhook.id, {
                              onSuccess: () => {
                                setDone(WEBHOOKS_MESSAGES.pinged(webhook.url));
                                setViewing(webhook.id);
                              },
                            })
                          }
                        >
                          Ping
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            update.reset();
                            setDone(undefined);
                            setEditing(webhook.id);
                          }}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busyWith(webhook.id)}
                          onClick={() => {
                            setDone(undefined);
                            update.mutate({ id: webhook.id, active: !webhook.active });
                          }}
                        >
                          {webhook.active ? 'Disable' : 'Enable'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            remove.reset();
                            setToDelete(webhook);
                          }}
                        >
                          Delete
                        </Button>
                      </div>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {viewing && webhooks.data?.webhooks.find((w) => w.id === viewing) && (
        <WebhookDeliveries webhook={webhooks.data.webhooks.find((w) => w.id === viewing)!} />
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        error={remove.isError ? serverMessageOr(remove.error, WEBHOOKS_MESSAGES.actionFailed) : undefined}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              if (viewing === toDelete.id) setViewing(undefined);
              setToDelete(undefined);
              setDone(WEBHOOKS_MESSAGES.deleted);
            },
          })
        }
        onCancel={() => setToDelete(undefined)}
      >
        <p>{toDelete?.url} will receive no more events. This cannot be undone.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
