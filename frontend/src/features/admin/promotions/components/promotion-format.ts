// How the promotion screens word a code's state, its discount and its limits.
import type { PromotionDto } from '@printshop/shared-events/api/promotions';
import { formatAmount } from '@/features/admin/admin-format';

export const PROMOTION_STATE_LABELS: Record<PromotionDto['state'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  used_up: 'Used up',
  expired: 'Expired',
  ended: 'Ended',
};

/** The admin badge tone of each state (admin.css colours). */
export const PROMOTION_STATE_TONES: Record<PromotionDto['state'], string> = {
  scheduled: 'pending',
  active: 'active',
  used_up: 'inactive',
  expired: 'inactive',
  ended: 'cancelled',
};

/** "10%" or "$5.00 / €5.00". */
export function discountLabel(promotion: Pick<PromotionDto, 'percentBps' | 'amountsOff'>): string {
  if (promotion.percentBps !== null) return `${promotion.percentBps / 100}%`;
  return Object.entries(promotion.amountsOff)
    .map(([currency, amount]) => formatAmount(amount, currency))
    .join(' / ');
}

/** "3 of 5" or "3" (no limit). */
export const usesLabel = (promotion: Pick<PromotionDto, 'uses' | 'maxUses'>) =>
  promotion.maxUses === null ? String(promotion.uses) : `${promotion.uses} of ${promotion.maxUses}`;

/** Ended and expired codes cannot be ended again. */
export const canEnd = (promotion: Pick<PromotionDto, 'state'>) =>
  promotion.state !== 'ended' && promotion.state !== 'expired';
