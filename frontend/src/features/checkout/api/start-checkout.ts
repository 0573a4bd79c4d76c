// POST /api/checkout/start: freezes the cart with the e-mail and address as a checkout; the
// payment calls then charge the server's amount for it (and abandoned checkouts are reported).
import type { z } from 'zod';
import {
  checkoutStartResponseSchema,
  type checkoutStartBodySchema,
} from '@printshop/shared-events/api/orders';
import { api } from '@/lib/api-client';

export type StartCheckoutBody = z.input<typeof checkoutStartBodySchema>;
export type StartedCheckout = z.output<typeof checkoutStartResponseSchema>;

export const startCheckout = (body: StartCheckoutBody): Promise<StartedCheckout> =>
  api.post('/checkout/start', { schema: checkoutStartResponseSchema, json: body });
