// The key of a provider payment in stream names: `<provider>_<reference>` when the reference is
// plain (Stripe's pi_…, Razorpay's order_…), else a hash of it, so no reference can shape a name.
import { createHash } from 'node:crypto';
import type { OrderPaymentProvider } from '@printshop/shared-events/events/payment';

export function paymentKey(provider: OrderPaymentProvider, reference: string): string {
  const key = `${provider}_${reference}`;
  return /^[A-Za-z0-9_]{1,200}$/.test(key)
    ? key
    : `${provider}_h${createHash('sha256').update(reference).digest('hex')}`;
}
