// A review's rules, pure: one submission per stream (the stream id is the author and product, so
// this is one review per user per product), moderation between approved and hidden, deletion once.
// A deleted review is gone for every later command. Times and who did it arrive in the command.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import {
  evolveReview,
  initialReviewState,
  type ReviewEvent,
  type ReviewState,
  type ReviewSubmittedData,
} from '@printshop/shared-events/events/review';

export const REVIEW_COMMAND_MESSAGES = {
  alreadyReviewed: 'You have already reviewed this product.',
  notFound: 'Review not found',
} as const;

export type ReviewCommand =
  | { type: 'SubmitReview'; data: ReviewSubmittedData }
  | {
      type: 'ModerateReview';
      data: { reviewId: string; status: 'approved' | 'hidden'; by: string; at: string };
    }
  | { type: 'DeleteReview'; data: { reviewId: string; by: string; at: string } };

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  if (command.type === 'SubmitReview') {
    if (state.status !== 'none') throw new Conflict(REVIEW_COMMAND_MESSAGES.alreadyReviewed);
    return [{ type: 'ReviewSubmitted', data: command.data }];
  }
  if (state.status === 'none' || state.status === 'deleted')
    throw new NotFound(REVIEW_COMMAND_MESSAGES.notFound);
  const { reviewId, by, at } = command.data;
  if (command.type === 'DeleteReview') return [{ type: 'ReviewDeleted', data: { reviewId, by, at } }];
  if (command.data.status === state.status) return [];
  return [
    command.data.status === 'approved'
      ? { type: 'ReviewApproved', data: { reviewId, by, at } }
      : { type: 'ReviewHidden', data: { reviewId, by, at } },
  ];
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
