// A review's rules as given events / when command / then events or error.
import { describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import type { ReviewEvent, ReviewSubmittedData } from '@printshop/shared-events/events/review';
import { reviewAuthorName } from '@printshop/shared-events/events/review';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { fold } from '@printshop/shared-events/decider';
import { REVIEW_COMMAND_MESSAGES as M, reviewDecider, type ReviewCommand } from './decide';
import { reviewIdOf } from './review-id';

const spec = deciderSpec(reviewDecider);
const reviewId = 'r-1';
const by = 'admin:a-1';
const at = '2025-03-02T10:00:00.000Z';
const submitted: ReviewSubmittedData = {
  reviewId,
  userId: 'u-1',
  authorName: 'Ada L.',
  rating: 5,
  content: 'Lovely prints',
  productSku: 'POSTERA4',
  verifiedPurchase: true,
  submittedAt: '2025-03-01T10:00:00.000Z',
};
const submittedEvent: ReviewEvent = { type: 'ReviewSubmitted', data: submitted };
const approved: ReviewEvent = { type: 'ReviewApproved', data: { reviewId, by, at } };
const hidden: ReviewEvent = { type: 'ReviewHidden', data: { reviewId, by, at } };
const deleted: ReviewEvent = { type: 'ReviewDeleted', data: { reviewId, by, at } };
const moderate = (status: 'approved' | 'hidden'): ReviewCommand => ({
  type: 'ModerateReview',
  data: { reviewId, status, by, at },
});
const remove: ReviewCommand = { type: 'DeleteReview', data: { reviewId, by, at } };

describe('submitting', () => {
  it('given nothing, when a review is submitted, then it is submitted and pending', () => {
    spec.given([]).when({ type: 'SubmitReview', data: submitted }).then([submittedEvent]);
    expect(fold(reviewDecider, [submittedEvent]).status).toBe('pending');
  });

  it('given a review of the same author and product, even deleted, when another is submitted, then 409', () => {
    for (const given of [[submittedEvent], [submittedEvent, deleted]]) {
      spec
        .given(given)
        .when({ type: 'SubmitReview', data: submitted })
        .thenThrows(Conflict, M.alreadyReviewed);
    }
  });

  it('given an author and a product, then the review id is the same every time and differs per product', () => {
    expect(reviewIdOf('u-1', 'POSTERA4')).toBe(reviewIdOf('u-1', 'POSTERA4'));
    expect(reviewIdOf('u-1', 'POSTERA4')).not.toBe(reviewIdOf('u-1', 'POSTERA3'));
    expect(reviewIdOf('u-1', undefined)).not.toBe(reviewIdOf('u-2', undefined));
  });

  it('given names, then the author shows as first name and last initial', () => {
    expect(reviewAuthorName(' ada ', 'lovelace')).toBe('ada L.');
    expect(reviewAuthorName('Émile', 'Zola')).toBe('Émile Z.');
    expect(reviewAuthorName('Cher', '')).toBe('Cher');
  });
});

describe('moderating', () => {
  it('given a pending review, when approved or hidden, then that event', () => {
    spec.given([submittedEvent]).when(moderate('approved')).then([approved]);
    spec.given([submittedEvent]).when(moderate('hidden')).then([hidden]);
  });

  it('given an approved review, when hidden and approved again, then it moves both ways', () => {
    spec.given([submittedEvent, approved]).when(moderate('hidden')).then([hidden]);
    spec.given([submittedEvent, approved, hidden]).when(moderate('approved')).then([approved]);
  });

  it('given a review already in that status, when moderated to it, then nothing changes', () => {
    spec.given([submittedEvent, approved]).when(moderate('approved')).then([]);
  });

  it('given no review or a deleted one, when moderated or deleted, then 404', () => {
    spec.given([]).when(moderate('approved')).thenThrows(NotFound, M.notFound);
    spec.given([submittedEvent, deleted]).when(moderate('hidden')).thenThrows(NotFound, M.notFound);
    spec.given([submittedEvent, deleted]).when(remove).thenThrows(NotFound, M.notFound);
  });

  it('given a review in any status, when deleted, then ReviewDeleted and it stays deleted', () => {
    spec.given([submittedEvent]).when(remove).then([deleted]);
    spec.given([submittedEvent, approved]).when(remove).then([deleted]);
    expect(fold(reviewDecider, [submittedEvent, deleted, approved]).status).toBe('deleted');
  });
});
