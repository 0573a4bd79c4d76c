// Card payments (API.md): a payment intent for the started checkout, then confirm-payment. In test
// mode the card number typed into the test form decides the outcome on the server; with real keys
// Stripe Elements confirms in the browser first. A decline comes back as 402 with Stripe's message.
import { z } from 'zod';
import { createPaymentIntentResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { api } from '@/lib/api-client';

// The server adds the publishable key when one is configured (Stripe Elements needs it).
const intentSchema = createPaymentIntentResponseSchema.extend({
  checkoutId: z.string().optional(),
  publishableKey: z.string().optional(),
});
export type PaymentIntent = z.output<typeof intentSchema>;

export const createPaymentIntent = (checkoutId: string): Promise<PaymentIntent> =>
  api.post('/stripe/create-payment-intent', { schema: intentSchema, json: { checkoutId } });

export async function confirmCardPayment(paymentIntentId: string, testCard?: string) {
  const answer = await api.post('/stripe/confirm-payment', {
    schema: orderResponseSchema,
    json: testCard ? { paymentIntentId, testCard } : { paymentIntentId },
  });
  return answer.order;
}
