// POST /api/payment/free-order: a checkout with nothing to pay (its code and points cover the whole
// total) is placed without a payment; providers take no payment of 0.
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { api } from '@/lib/api-client';

export async function placeFreeOrder(checkoutId: string) {
  return (await api.post('/payment/free-order', { schema: orderResponseSchema, json: { checkoutId } })).order;
}
