// The events of an uploaded image, stream `image-<imageId>` (one stream per image). ImageUploaded
// carries the content hash and size of the file as received, so an order can prove which file
// was printed, and the print-quality judgement made for its crop and product.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

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
