// An uploaded image: its events, its state and `evolve`, and who may use it, in one file (as Emmett's
// samples keep them; its commands and `decide` are in command-service/src/images/decide.ts). The
// cart loads images with loadImage and checks them with canUseImage before a line may reference them.
// Stream `image-<imageId>` (one stream per image). ImageUploaded carries the content hash and size
// of the file as received, so an order can prove which file was printed, and the print-quality
// judgement made for its crop and product.
import { z } from 'zod';
import { PATH_ID_PATTERN } from '../api/common';
import { defineEvent, type EventOf } from '../event-registry';
import type { EventStore } from '../event-store';

export const IMAGE_STREAM_CATEGORY = 'image';
export const imageStreamName = (imageId: string): string => `${IMAGE_STREAM_CATEGORY}-${imageId}`;

const at = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(200);

/** Who may use and delete the image: the signed-in user, or the guest session (cart_session). */
export const imageOwnerSchema = z.union([
  z.strictObject({ userId: id }),
  z.strictObject({ guestSession: id }),
]);
export type ImageOwner = z.infer<typeof imageOwnerSchema>;

export const IMAGE_ROLES = ['raw', 'cropped', 'single'] as const;
export type ImageRole = (typeof IMAGE_ROLES)[number];

export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'heic'] as const;

const cropSchema = z.object({
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  width: z.number().positive(),
  height: z.number().positive(),
});

export const printAssessmentSchema = z.object({
  dpi: z.number().int().nonnegative(),
  quality: z.enum(['good', 'fair', 'poor']),
});
export type PrintAssessment = z.infer<typeof printAssessmentSchema>;

export const ImageUploaded = defineEvent(
  'ImageUploaded',
  z.object({
    imageId: id,
    owner: imageOwnerSchema,
    role: z.enum(IMAGE_ROLES),
    /** sha256 of the file as received, hex. */
    contentHash: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().positive(),
    /** Upright (EXIF orientation applied), in pixels. */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** The format found by content, not by name. */
    format: z.enum(IMAGE_FORMATS),
    /** The crop chosen in the raw image, in its upright pixels. */
    crop: cropSchema.optional(),
    sku: z.string().max(100).optional(),
    print: printAssessmentSchema.optional(),
    /** The other image of a raw + cropped upload. */
    pairedImageId: id.optional(),
    uploadedAt: at,
  }),
);

export const ImageDeleted = defineEvent('ImageDeleted', z.object({ imageId: id, at }));

/** The original file was removed by retention (it never reached an order); served copies remain. */
export const ImageExpired = defineEvent(
  'ImageExpired',
  z.object({ imageId: id, retentionDays: z.number().int().positive(), at }),
);

/**
 * A checkout about to be paid prints this image: it may not be deleted or expired before `until`,
 * so the payment cannot be taken for a photo that is gone (the order then holds it for good).
 */
export const ImageHeldForCheckout = defineEvent(
  'ImageHeldForCheckout',
  z.object({ imageId: id, checkoutId: id, until: at, at }),
);

/** A placed order prints this image: it is kept (original and copies) for as long as the shop is. */
export const ImageHeldForOrder = defineEvent('ImageHeldForOrder', z.object({ imageId: id, orderId: id, at }));

/**
 * A review shows this image: it is not deleted while the review shows it (the review's photos are
 * what other shoppers see; a deleted one would be a broken picture on the product's page).
 */
export const ImageHeldForReview = defineEvent(
  'ImageHeldForReview',
  z.object({ imageId: id, reviewId: z.string(), at }),
);

export const imageEvents = [
  ImageUploaded,
  ImageDeleted,
  ImageExpired,
  ImageHeldForCheckout,
  ImageHeldForOrder,
  ImageHeldForReview,
];

export type ImageEvent =
  | EventOf<typeof ImageUploaded>
  | EventOf<typeof ImageDeleted>
  | EventOf<typeof ImageExpired>
  | EventOf<typeof ImageHeldForCheckout>
  | EventOf<typeof ImageHeldForOrder>
  | EventOf<typeof ImageHeldForReview>;

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

/** Whoever asks (command-service's Caller; a review's author is known by user id alone). */
type ImageCaller = { userId?: string; isAdmin?: boolean; guestSession?: string };

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
