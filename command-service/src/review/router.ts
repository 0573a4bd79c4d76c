// Review commands (API.md "Reviews" and "Admin"):
//   POST   /api/reviews {rating, content, productSku?, orderNumber?, orderId?, lineId?, imageIds?}
//                                                                    signed in -> 201 {success, review}
//   PUT    /api/admin/reviews/:id {status: approved|hidden}          admin     -> {success, review}
//   DELETE /api/admin/reviews/:id                                    admin     -> {success}
// A review is shown once approved. A review of an order line (orderId + lineId) is checked against
// the order's own events (theirs, paid) and is verified; an order number named without a line must
// be one of the author's orders (else 404, as for a line); otherwise whether it is a verified purchase
// is asked of the orders read model (verifyPurchase, wired by infra): a flag, so a read model will do. The lists are on the query side (query-service/src/reviews/reviews-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { updateReviewBodySchema } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { createReviewBodySchema, reviewPhoto } from '@printshop/shared-events/api/reviews';
import { requireAdmin, requireUser } from '@printshop/shared-events/auth';
import { Conflict, Unauthorized, ValidationError } from '@printshop/shared-events/errors';
import { WrongExpectedVersion, type EventStore } from '@printshop/shared-events/event-store';
import {
  reviewAuthorName,
  reviewStreamName,
  type ReviewSubmittedData,
} from '@printshop/shared-events/events/review';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { handleCommand } from '../handle-command';
import { holdImagesForReview } from '../images/holds';
import { loadUser } from '../user/find-user';
import { REVIEW_COMMAND_MESSAGES, reviewDecider, type ReviewCommand } from './decide';
import { reviewIdOf, reviewIdOfLine } from './review-id';
import { authorsOrderNumber, reviewedLine, reviewPhotos } from './review-subject';

export interface PurchaseQuestion {
  userId: string;
  productSku?: string;
  orderNumber?: string;
  /** The caller's X-Min-Position: the answer reflects at least that write (an order just paid). */
  minPosition?: number;
}

export interface ReviewRouterDeps {
  store: EventStore;
  now(): Date;
  /** A paid order of the user holding the product, or (with orderNumber) that order being theirs. */
  verifyPurchase(question: PurchaseQuestion): Promise<boolean>;
}

export const REVIEW_ROUTER_MESSAGES = {
  unknownProduct: 'This product does not exist.',
} as const;

const minPositionOf = (ctx: Context): number | undefined => {
  const position = Number(ctx.get('x-min-position'));
  return Number.isSafeInteger(position) && position > 0 ? position : undefined;
};

export function reviewRouter(deps: ReviewRouterDeps): Router {
  const router = new Router();

  router.post('/api/reviews', async (ctx) => {
    const auth = requireUser(ctx.state);
    const body = createReviewBodySchema.parse(ctx.request.body ?? {});
    const requestedSku = body.productSku?.toUpperCase();
    if (requestedSku !== undefined && !productBySku(requestedSku)) {
      throw new ValidationError(REVIEW_ROUTER_MESSAGES.unknownProduct, {
        productSku: REVIEW_ROUTER_MESSAGES.unknownProduct,
      });
    }
    const user = await loadUser(deps.store, auth.userId);
    if (user.status !== 'registered') throw new Unauthorized('Please sign in to continue.');
    // A line review: the order, not the client, says what was bought and that it is verified.
    const line =
      body.lineId !== undefined
        ? await reviewedLine(deps.store, auth.userId, body.orderId, body.lineId)
        : undefined;
    const imageIds = body.imageIds?.length ? await reviewPhotos(deps.store, auth.userId, body.imageIds) : [];
    const namedNumber = body.orderNumber?.trim().toUpperCase() || undefined;
    // Another's order (or none) is refused, not dropped: the admin reads the number as the review's order.
    const orderNumber =
      line?.orderNumber ??
      (namedNumber !== undefined
        ? await authorsOrderNumber(deps.store, auth.userId, namedNumber)
        : undefined);
    const productSku = line?.productSku ?? requestedSku;
    const verifiedPurchase =
      line !== undefined ||
      (await deps.verifyPurchase({
        userId: auth.userId,
        productSku,
        orderNumber,
        minPosition: minPositionOf(ctx),
      }));
    const now = deps.now().toISOString();
    const reviewId = line ? reviewIdOfLine(line.orderId, line.lineId) : reviewIdOf(auth.userId, productSku);
    const metadata = metadataOf(ctx, now);
    const command: ReviewCommand = {
      type: 'SubmitReview',
      data: {
        reviewId,
        userId: auth.userId,
        authorName: reviewAuthorName(user.firstName, user.lastName),
        rating: body.rating,
        content: body.content,
        ...(productSku !== undefined && { productSku }),
        ...(orderNumber !== undefined && { orderNumber }),
        ...(line !== undefined && { orderId: line.orderId, lineId: line.lineId }),
        ...(imageIds.length > 0 && { imageIds }),
        verifiedPurchase,
        submittedAt: now,
      },
    };
    // Its photos are held first (on their streams), so none is deleted while the review shows it.
    if (imageIds.length > 0) await holdImagesForReview(deps.store, imageIds, { reviewId, at: now }, metadata);
    try {
      const result = await handleCommand(deps.store, reviewStreamName(reviewId), reviewDecider, command, {
        metadata,
        expectedRevision: 'no_stream',
      });
      answerWithPosition(ctx, 201, { review: reviewDto(command.data, 'pending') }, result.position);
    } catch (error) {
      // Two submissions racing: the second finds the stream written.
      if (error instanceof WrongExpectedVersion) throw new Conflict(REVIEW_COMMAND_MESSAGES.alreadyReviewed);
      throw error;
    }
  });

  async function moderate(
    ctx: Context,
    command: (reviewId: string, by: string, at: string) => ReviewCommand,
  ) {
    const auth = requireAdmin(ctx.state);
    const reviewId = idSchema.parse(ctx.params.id);
    const at = deps.now().toISOString();
    const by = adminActor(auth);
    const metadata = metadataOf(ctx, at, by);
    return handleCommand(deps.store, reviewStreamName(reviewId), reviewDecider, command(reviewId, by, at), {
      metadata,
    });
  }

  router.put('/api/admin/reviews/:id', async (ctx) => {
    requireAdmin(ctx.state);
    const { status } = updateReviewBodySchema.parse(ctx.request.body ?? {});
    const result = await moderate(ctx, (reviewId, by, at) => ({
      type: 'ModerateReview',
      data: { reviewId, status, by, at },
    }));
    const state = result.newState;
    if (state.status === 'none' || state.status === 'deleted') throw new Error('moderated review vanished');
    answerWithPosition(ctx, 200, { review: reviewDto(state.review, state.status) }, result.position);
  });

  router.delete('/api/admin/reviews/:id', async (ctx) => {
    const result = await moderate(ctx, (reviewId, by, at) => ({
      type: 'DeleteReview',
      data: { reviewId, by, at },
    }));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  return router;
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
