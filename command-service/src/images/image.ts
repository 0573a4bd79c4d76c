// An uploaded image as its stream tells it, and who may use it. The cart loads images
// with loadImage and checks them with canUseImage before a line may reference them.
import { PATH_ID_PATTERN } from '@printshop/shared-events/api/common';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  imageStreamName,
  type ImageEvent,
  type ImageOwner,
  type ImageRole,
  type PrintAssessment,
} from '@printshop/shared-events/events/image';
import type { Caller } from '../caller';

/**
 * What an image id can look like (uuids are issued); anything else is no image. The contract's path
 * id rule: a leading '-' or '_' passed the old pattern but not the image store's key rule (a 500).
 */
export const IMAGE_ID_PATTERN = PATH_ID_PATTERN;

export interface UploadedImage {
  imageId: string;
  owner: ImageOwner;
  role: ImageRole;
  contentHash: string;
  bytes: number;
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp' | 'heic';
  sku?: string;
  print?: PrintAssessment;
  pairedImageId?: string;
  uploadedAt: string;
  /** active: usable; expired: the original is gone (retention), served copies remain; deleted: gone. */
  status: 'active' | 'expired' | 'deleted';
  /** The placed orders that print it: while any, it is never deleted nor expired. */
  orders: string[];
  /** The reviews that showed it when submitted: while one still does, its owner cannot delete it. */
  reviews: string[];
  /** The latest end of a checkout's hold: until then it is never deleted nor expired. */
  heldUntil?: string;
}

export type ImageState = UploadedImage | undefined;

export function evolveImage(state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageUploaded': {
      const { crop: _crop, ...data } = event.data;
      return { ...data, status: 'active', orders: [], reviews: [] };
    }
    case 'ImageDeleted':
      return state && { ...state, status: 'deleted' };
    case 'ImageExpired':
      return state && state.status === 'active' ? { ...state, status: 'expired' } : state;
    case 'ImageHeldForCheckout': {
      if (!state) return state;
      const later = !state.heldUntil || Date.parse(event.data.until) > Date.parse(state.heldUntil);
      return later ? { ...state, heldUntil: event.data.until } : state;
    }
    case 'ImageHeldForOrder':
      return state && { ...state, orders: [...state.orders, event.data.orderId] };
    case 'ImageHeldForReview':
      return state && { ...state, reviews: [...state.reviews, event.data.reviewId] };
    default:
      return state;
  }
}

/** The image folded from its stream; undefined when no such image was ever uploaded. */
export async function loadImage(store: EventStore, imageId: string): Promise<ImageState> {
  const events = await store.readStream<ImageEvent>(imageStreamName(imageId));
  return events.reduce<ImageState>(evolveImage, undefined);
}

/** Whoever asks; a review's author is known by user id alone. */
type ImageCaller = Partial<Caller>;

/** Whether the caller may put this image in a cart: its uploader, by user or by guest session. */
export function canUseImage(image: ImageState, caller: ImageCaller): image is UploadedImage {
  if (!image || image.status !== 'active') return false;
  return ownedBy(image, caller);
}

/** Whether the caller may delete it: its uploader or an admin. */
export function canDeleteImage(image: ImageState, caller: ImageCaller): image is UploadedImage {
  if (!image || image.status === 'deleted') return false;
  return caller.isAdmin === true || ownedBy(image, caller);
}

/** Why the image must be kept at `at`: a placed order, a checkout being paid, or nothing. */
export function holdOn(image: UploadedImage, at: string): 'order' | 'checkout' | undefined {
  if (image.orders.length > 0) return 'order';
  if (image.heldUntil && Date.parse(image.heldUntil) > Date.parse(at)) return 'checkout';
  return undefined;
}

function ownedBy(image: UploadedImage, caller: ImageCaller): boolean {
  const owner = image.owner;
  if ('userId' in owner) return caller.userId !== undefined && owner.userId === caller.userId;
  return caller.guestSession !== undefined && owner.guestSession === caller.guestSession;
}
