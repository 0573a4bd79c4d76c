// The image's decisions. The file work (sniffing, decoding, storing) happens before; what is decided
// here is what the log records about it. Time arrives in the command.
//
// Holds: a checkout about to be paid, then the order it becomes, record themselves on the image's
// stream. Deleting and expiring decide against that same stream (appended with its expected
// revision), so a delete racing a checkout or an order placement is ordered by the stream: either
// the hold came first and the delete is refused, or the delete came first and the hold sees it.
// A review holds its photos the same way, until it is deleted.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import { evolveImage, holdOn, type ImageEvent, type ImageState } from '@printshop/shared-events/events/image';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';

type UploadedData = Extract<ImageEvent, { type: 'ImageUploaded' }>['data'];
type DataOf<T extends ImageEvent['type']> = Extract<ImageEvent, { type: T }>['data'];

export type ImageCommand =
  | { type: 'RecordUpload'; data: UploadedData }
  // released: the reviews that held it but no longer show it (deleted, or without it), read by the caller.
  | { type: 'DeleteImage'; data: { imageId: string; at: string; released?: readonly string[] } }
  | { type: 'ExpireOriginal'; data: { imageId: string; retentionDays: number; at: string } }
  | { type: 'HoldForCheckout'; data: DataOf<'ImageHeldForCheckout'> }
  | { type: 'HoldForOrder'; data: DataOf<'ImageHeldForOrder'> }
  | { type: 'HoldForReview'; data: DataOf<'ImageHeldForReview'> };

function decide(command: ImageCommand, state: ImageState): ImageEvent | ImageEvent[] {
  switch (command.type) {
    case 'RecordUpload':
      // Ids are random uuids: a second upload under the same id is a bug, never a retry to merge.
      if (state) throw new Conflict(IMAGE_MESSAGES.idTaken);
      return { type: 'ImageUploaded', data: command.data };
    case 'DeleteImage': {
      if (!state || state.status === 'deleted') throw new NotFound(IMAGE_MESSAGES.notFound);
      const hold = holdOn(state, command.data.at);
      if (hold === 'order') throw new Conflict(IMAGE_MESSAGES.inOrder);
      if (hold === 'checkout') throw new Conflict(IMAGE_MESSAGES.inCheckout);
      // A hold appended after the caller read the reviews is not in `released`: refused, to be safe.
      if (state.reviews.some((reviewId) => !command.data.released?.includes(reviewId)))
        throw new Conflict(IMAGE_MESSAGES.inReview);
      return { type: 'ImageDeleted', data: { imageId: command.data.imageId, at: command.data.at } };
    }
    case 'ExpireOriginal':
      // Already gone or expired, or kept for an order or a checkout: nothing to record.
      if (!state || state.status !== 'active' || holdOn(state, command.data.at)) return [];
      return { type: 'ImageExpired', data: command.data };
    case 'HoldForCheckout':
      // Refused before any money is asked for; an expired image still has its served copy to print.
      if (!state || state.status === 'deleted') throw new Conflict(IMAGE_MESSAGES.goneFromCart);
      return { type: 'ImageHeldForCheckout', data: command.data };
    case 'HoldForOrder':
      // The payment is taken: the order is placed whatever this answers. A deleted image stays
      // deleted (the caller sees it in the state); holding twice is once.
      if (!state || state.status === 'deleted' || state.orders.includes(command.data.orderId)) return [];
      return { type: 'ImageHeldForOrder', data: command.data };
    case 'HoldForReview':
      // Checked as the author's active upload just before; deleted since, the review is refused.
      if (!state || state.status === 'deleted') throw new NotFound(IMAGE_MESSAGES.notFound);
      if (state.reviews.includes(command.data.reviewId)) return [];
      return { type: 'ImageHeldForReview', data: command.data };
  }
}

export const imageDecider: Decider<ImageState, ImageCommand, ImageEvent> = {
  initialState: () => undefined,
  evolve: evolveImage,
  decide,
};
