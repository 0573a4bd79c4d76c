// Loyalty points (API.md "Loyalty"): the balance of the signed-in user and redeeming points on the
// current cart. The redeem answer's `discount` is in USD; the cart, reloaded after, shows it priced.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { loyaltyStatusResponseSchema, redeemResponseSchema } from '@printshop/shared-events/api/loyalty';
import { api } from '@/lib/api-client';

export const LOYALTY_QUERY_KEY = ['loyalty', 'status'] as const;

export const useLoyaltyStatus = (enabled: boolean) =>
  useQuery({
    queryKey: LOYALTY_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/loyalty/status', { schema: loyaltyStatusResponseSchema, signal }),
    enabled,
  });

const redeemAnswerSchema = redeemResponseSchema.extend({ pointsApplied: z.number().int().optional() });

export const redeemPoints = (pointsToRedeem: number) =>
  api.post('/loyalty/redeem', { schema: redeemAnswerSchema, json: { pointsToRedeem } });
