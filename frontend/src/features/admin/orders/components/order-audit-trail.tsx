// Every event of the order's stream, oldest first (the audit trail): what happened, when, by whom,
// with its data to unfold.
import type { z } from 'zod';
import type { auditEventSchema } from '@printshop/shared-events/api/admin';
import { formatDateTime } from '@/lib/format-date';

type AuditEvent = z.infer<typeof auditEventSchema>;

/** 'OrderStatusChanged' -> 'Order status changed'. */
export const eventLabel = (type: string) =>
  type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (m) => m.toLowerCase());

/** Who acted, as staff say it: a name where the actor is an account, never a bare id. */
const actorLabel = ({ actor, actorName }: AuditEvent, customerId: string | undefined) => {
  if (!actor || actor === 'system') return 'system';
  if (actor.startsWith('admin:')) return `admin ${actorName ?? '(deleted account)'}`;
  if (actor === customerId) return `the customer${actorName ? ` (${actorName})` : ''}`;
  if (actor === 'guest' || actor.startsWith('guest:')) return 'a guest';
  if (actorName) return actorName;
  return SERVICES[actor] ?? actor;
};
const SERVICES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay' };

export function OrderAuditTrail({
  events,
  customerId,
}: {
  events: readonly AuditEvent[];
  /** The order's customer, when registered: their events say "the customer". */
  customerId?: string | undefined;
}) {
  if (events.length === 0) return <p className="text-muted">No events recorded.</p>;
  return (
    <ol className="admin-audit" aria-label="Event history">
      {events.map((event) => (
        <li key={event.id}>
          <strong>{eventLabel(event.type)}</strong>{' '}
          <span className="text-muted">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · by {actorLabel(event, customerId)}
          </span>
          <details>
            <summary>Data</summary>
            <pre>{JSON.stringify(event.data, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
