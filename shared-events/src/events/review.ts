// A customer's review, stream `review-<reviewId>`. The review id is derived from the order line
// reviewed, else from the author and the product (command-service/src/review/review-id.ts), and the
// submission is appended with expected revision `no_stream`, so the stream itself makes it one review
// per order line, or per user per product (a review of no product counts as a review of the shop). A review is shown once an admin approves it; hiding
// and deleting are events too (a deleted review stays in the log, its row only marked).
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const REVIEW_STREAM_CATEGORY = 'review';
export const reviewStreamName = (reviewId: string): string => `${REVIEW_STREAM_CATEGORY}-${reviewId}`;

const at = z.iso.datetime({ offset: true });
/** Who did it: 'admin:<id>'. */
const by = z.string().min(1).max(200);

export const ReviewSubmitted = defineEvent(
  'ReviewSubmitted',
  z.object({
    reviewId: z.string().min(1),
    userId: z.string().min(1),
    /** What the public list shows: first name and last initial, as they were when written. */
    authorName: z.string().max(200),
    rating: z.number().int().min(1).max(5),
    content: z.string().min(1).max(2000),
    productSku: z.string().max(100).optional(),
    orderNumber: z.string().max(50).optional(),
    /** A review of one line of a paid order (one review per line): the order and its line. */
    orderId: z.string().max(200).optional(),
    lineId: z.string().max(200).optional(),
    /** Photos of the reviewer's own uploads, at most 3. */
    imageIds: z.array(z.string().max(200)).max(3).optional(),
    /** Decided by the server: a line of the author's paid order, a paid order of the product, or the order number given is theirs. */
    verifiedPurchase: z.boolean(),
    submittedAt: at,
  }),
);

export const ReviewApproved = defineEvent('ReviewApproved', z.object({ reviewId: z.string(), by, at }));
export const ReviewHidden = defineEvent('ReviewHidden', z.object({ reviewId: z.string(), by, at }));
export const ReviewDeleted = defineEvent('ReviewDeleted', z.object({ reviewId: z.string(), by, at }));

export const reviewEvents = [ReviewSubmitted, ReviewApproved, ReviewHidden, ReviewDeleted];
export const REVIEW_EVENT_TYPES = reviewEvents.map((event) => event.type);

export type ReviewEvent =
  | EventOf<typeof ReviewSubmitted>
  | EventOf<typeof ReviewApproved>
  | EventOf<typeof ReviewHidden>
  | EventOf<typeof ReviewDeleted>;
export type ReviewSubmittedData = EventOf<typeof ReviewSubmitted>['data'];

/** 'Ada L.': the first name and the last name's initial (spec 1 §3 shows `user.name`). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.`.trim() : first;
}

// A review as its command side sees it (state and evolve): what was submitted and where moderation
// left it.
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
