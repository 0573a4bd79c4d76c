// UPI and net banking through Razorpay (API.md): create-order for the started checkout, the
// customer approves (Razorpay's popup, or in test mode the shop's simulated approval, which asks
// the server to sign the payment as Razorpay would), then verify-payment places the order.
import { z } from 'zod';
import { createOrderResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { api } from '@/lib/api-client';

export type RazorpayOrder = z.output<typeof createOrderResponseSchema>;

export const createRazorpayOrder = (checkoutId: string): Promise<RazorpayOrder> =>
  api.post('/payment/create-order', { schema: createOrderResponseSchema, json: { checkoutId } });

export const razorpayResultSchema = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export type RazorpayResult = z.output<typeof razorpayResultSchema>;

/** Test mode only (POST /api/payment/test/pay): stands in for Razorpay's checkout popup. */
export const approveTestPayment = (
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<RazorpayResult> =>
  api.post('/payment/test/pay', {
    schema: razorpayResultSchema,
    json: { razorpay_order_id: orderId, outcome },
  });

export async function verifyRazorpayPayment(result: RazorpayResult) {
  return (await api.post('/payment/verify-payment', { schema: orderResponseSchema, json: result })).order;
}
