// Promotion codes of docs/api.md: the cart's code and the admin's promotions, with their schemas.
import { cartQuerySchema } from '@printshop/shared-events/api/cart';
import { okSchema } from '@printshop/shared-events/api/common';
import {
  changePromotionBodySchema,
  createPromotionBodySchema,
  promotionCodeBodySchema,
  promotionCodeResponseSchema,
  promotionDetailResponseSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
} from '@printshop/shared-events/api/promotions';
import type { Contract } from './operation';

const PROMOTIONS = 'Promotion codes';

export const promotionsContract: Contract = {
  'POST /api/cart/promotion-code': {
    tag: PROMOTIONS,
    summary: "Apply a promotion code to the caller's cart (422 with the reason when it does not apply)",
    query: cartQuerySchema,
    body: promotionCodeBodySchema,
    answer: promotionCodeResponseSchema,
  },
  'DELETE /api/cart/promotion-code': {
    tag: PROMOTIONS,
    summary: "Remove the promotion code from the caller's cart",
    answer: okSchema,
  },
  'GET /api/admin/promotions': {
    tag: PROMOTIONS,
    summary: 'Promotion codes with their uses',
    auth: 'admin',
    answer: promotionsResponseSchema,
  },
  'POST /api/admin/promotions': {
    tag: PROMOTIONS,
    summary: 'Create a promotion code',
    auth: 'admin',
    body: createPromotionBodySchema,
    status: 201,
    answer: promotionResponseSchema,
  },
  'GET /api/admin/promotions/:code': {
    tag: PROMOTIONS,
    summary: 'A promotion code with each of its uses (a hold past its time shows as expired)',
    auth: 'admin',
    answer: promotionDetailResponseSchema,
  },
  'PATCH /api/admin/promotions/:code': {
    tag: PROMOTIONS,
    summary: 'Change the limits, minimum or dates of a code, or end it now',
    auth: 'admin',
    body: changePromotionBodySchema,
    answer: promotionResponseSchema,
  },
};
