// Moves an order on (PUT /api/admin/orders/:id/status). Shipping needs a carrier and a tracking
// number; the server judges which moves are allowed and its message is shown when it refuses (the
// order then reloads, as another tab may have moved it).
// Cancelling and refunding cannot be taken back: they are never the first choice offered, their
// button is the danger one, and a confirmation dialog asks first.
import { NEXT_STATUSES } from '@printshop/shared-events/rules/order-status';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, SelectField, TextareaField } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { serverMessageOr } from '@/lib/server-message';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/lib/order-status';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isRefusedMove, useChangeOrderStatus } from '../api/admin-orders';

const FINAL_MOVES: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded']);

export const STATUS_FORM_MESSAGES = {
  carrier: 'Carrier is required to ship an order',
  trackingNumber: 'Tracking number is required to ship an order',
  failed: 'Could not change the status.',
  final: 'This order has no further status to move to.',
  done: (status: OrderStatus) => `Status changed to ${ORDER_STATUS_LABELS[status]}.`,
} as const;

export function OrderStatusForm({ orderId, current }: { orderId: string; current: OrderStatus }) {
  // The moves the order's state machine allows (the server judges; this keeps impossible choices
  // out of the list). Payment moves an order to paid, never a person.
  const options = NEXT_STATUSES[current];
  const [chosen, setStatus] = useState<OrderStatus>(options[0] ?? 'in_production');
  // After a change the current status leaves the options: fall back to the first one left.
  const status = options.includes(chosen) ? chosen : (options[0] ?? chosen);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  const [done, setDone] = useState<string>();
  const change = useChangeOrderStatus(orderId);
  const shipping = status === 'shipped';
  const destructive = FINAL_MOVES.has(status);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    if (destructive && !confirming) {
      change.reset();
      setConfirming(true);
      return;
    }
    const found: typeof errors = {};
    if (shipping && !carrier.trim()) found.carrier = STATUS_FORM_MESSAGES.carrier;
    if (shipping && !trackingNumber.trim()) found.trackingNumber = STATUS_FORM_MESSAGES.trackingNumber;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      {
        status,
        ...(shipping && { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() }),
        ...(note.trim() && { note: note.trim() }),
      },
      {
        onSuccess: ({ order }) => {
          setConfirming(false);
          setDone(STATUS_FORM_MESSAGES.done(order.status));
          setNote('');
          setCarrier('');
          setTrackingNumber('');
        },
        // The order reloads (another tab moved it): the dialog asked about a move that may no longer
        // be offered, so it closes and the server's sentence shows on the form.
        onError: (error) => {
          if (isRefusedMove(error)) setConfirming(false);
        },
      },
    );
  };

  const serverErrors = change.error instanceof ApiError ? change.error.fieldErrors : undefined;

  if (options.length === 0) {
    return (
      <>
        {change.isError && <Alert>{serverMessageOr(change.error, STATUS_FORM_MESSAGES.failed)}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <p className="text-muted">{STATUS_FORM_MESSAGES.final}</p>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change status">
      <SelectField
        label="New status"
        value={status}
        options={options.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
        onChange={(event) => {
          setStatus(event.target.value as OrderStatus);
          setErrors({});
        }}
      />
      {shipping && (
        <div className="admin-form-row">
          <Field
            label="Carrier"
            required
            placeholder="UPS, DHL, India Post…"
            value={carrier}
            error={errors.carrier ?? serverErrors?.carrier}
            onChange={(event) => setCarrier(event.target.value)}
          />
          <Field
            label="Tracking number"
            required
            value={trackingNumber}
            error={errors.trackingNumber ?? serverErrors?.trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </div>
      )}
      <TextareaField
        label="Note (optional)"
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {change.isError && <Alert>{serverMessageOr(change.error, STATUS_FORM_MESSAGES.failed)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <Button type="submit" variant={destructive ? 'danger' : 'primary'} loading={change.isPending}>
        Update status
      </Button>
      <ConfirmDialog
        open={confirming}
        title={status === 'refunded' ? 'Refund this order?' : 'Cancel this order?'}
        confirmLabel={status === 'refunded' ? 'Refund order' : 'Cancel order'}
        busy={change.isPending}
        error={change.isError ? serverMessageOr(change.error, STATUS_FORM_MESSAGES.failed) : undefined}
        onConfirm={() => submit({ preventDefault() {} } as FormEvent)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {status === 'refunded'
            ? 'What is left of the payment goes back to the customer through its provider (Stripe or Razorpay), and the order ends. This cannot be undone.'
            : 'The order is cancelled and will not be printed. No money moves: refund the order afterwards to give the payment back. This cannot be undone.'}
        </p>
      </ConfirmDialog>
    </form>
  );
}
