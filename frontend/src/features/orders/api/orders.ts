// Orders (API.md "Checkout, payments, orders"): the signed-in customer's list and one order, an
// order by id for a guest who gives its e-mail, and tracking by order number and e-mail.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  orderResponseSchema,
  ordersResponseSchema,
  type OrderDto,
} from '@printshop/shared-events/api/orders';
import { api } from '@/lib/api-client';

export const ORDERS_QUERY_ROOT = 'orders';

/** Reload every order query (after a payment, a status change). */
export const refreshOrders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_ROOT] });

export const useOrders = () =>
  useQuery({
    queryKey: [ORDERS_QUERY_ROOT, 'mine'],
    queryFn: async ({ signal }) =>
      (await api.get('/orders', { schema: ordersResponseSchema, signal })).orders,
  });

export async function getOrder(id: string, email?: string, signal?: AbortSignal): Promise<OrderDto> {
  const answer = await api.get(`/orders/${encodeURIComponent(id)}`, {
    schema: orderResponseSchema,
    searchParams: { email },
    signal,
  });
  return answer.order;
}

export const useOrder = (id: string | undefined, email?: string, initial?: OrderDto) =>
  useQuery({
    queryKey: [ORDERS_QUERY_ROOT, 'one', id, email ?? null],
    queryFn: ({ signal }) => getOrder(id!, email, signal),
    enabled: Boolean(id),
    initialData: initial,
  });

export async function trackOrder(
  orderNumber: string,
  email: string,
  signal?: AbortSignal,
): Promise<OrderDto> {
  const answer = await api.get('/orders/track', {
    schema: orderResponseSchema,
    searchParams: { orderNumber, email },
    signal,
    auth: false,
  });
  return answer.order;
}
