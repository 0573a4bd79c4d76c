// A review as its command side sees it: what was submitted and where moderation left it.
import { reviewPhoto } from '@printshop/shared-events/api/reviews';
import type { ReviewEvent, ReviewSubmittedData } from '@printshop/shared-events/events/review';

export type ReviewState =
  { status: 'none' } | { status: 'pending' | 'approved' | 'hidden' | 'deleted'; review: ReviewSubmittedData };

export const initialReviewState = (): ReviewState => ({ status: 'none' });

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  if (event.type === 'ReviewSubmitted') return { status: 'pending', review: event.data };
  if (state.status === 'none' || state.status === 'deleted') return state;
  switch (event.type) {
    case 'ReviewApproved':
      return { ...state, status: 'approved' };
    case 'ReviewHidden':
      return { ...state, status: 'hidden' };
    case 'ReviewDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/** API.md's Review plus its moderation status and author (the admin's shape; the public one is a subset). */
export function reviewDto(review: ReviewSubmittedData, status: 'pending' | 'approved' | 'hidden') {
  return {
    id: review.reviewId,
    rating: review.rating,
    content: review.content,
    created_at: review.submittedAt,
    user: { name: review.authorName },
    ...(review.productSku !== undefined && { productSku: review.productSku }),
    verifiedPurchase: review.verifiedPurchase,
    photos: (review.imageIds ?? []).map(reviewPhoto),
    status,
    userId: review.userId,
    ...(review.orderNumber !== undefined && { orderNumber: review.orderNumber }),
    ...(review.orderId !== undefined && { orderId: review.orderId, lineId: review.lineId }),
  };
}
