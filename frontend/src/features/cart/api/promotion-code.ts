// The cart's promotion code (API.md "Promotion codes"): applying one (the server judges it and
// answers 422 with its message when it does not apply) and removing it. The cart, reloaded after,
// shows the code and its discount.
import { z } from 'zod';
import { promotionCodeResponseSchema } from '@printshop/shared-events/api/promotions';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { api } from '@/lib/api-client';

const okSchema = z.object({ success: z.literal(true) }).passthrough();

export const applyPromotionCode = (code: string, currency: CurrencyCode, country: string) =>
  api.post('/cart/promotion-code', {
    schema: promotionCodeResponseSchema,
    json: { code },
    searchParams: { currency, country },
  });

export const removePromotionCode = () => api.delete('/cart/promotion-code', { schema: okSchema });
