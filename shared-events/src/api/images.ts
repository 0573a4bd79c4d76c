// Images (API.md "Images"). Bodies are multipart; these schemas check the text fields and the answers.
import { z } from 'zod';
import { apiString, countSchema, okSchema, queryInt, skuSchema } from './common';

export const cropAreaSchema = z.object({
  x: z.number().finite().nonnegative(),
  y: z.number().finite().nonnegative(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});

/** The `crop` multipart field is JSON text. */
const cropFieldSchema = apiString()
  .max(2000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'crop must be JSON {x, y, width, height}' });
      return z.NEVER;
    }
  })
  .pipe(cropAreaSchema);

/** Text fields of POST /api/images beside the rawImage and croppedImage files. */
export const imageUploadFieldsSchema = z.object({
  crop: cropFieldSchema.optional(),
  sku: skuSchema.optional(),
});

export const storedImageSchema = z.object({ id: z.string(), width: countSchema, height: countSchema });

export const imageUploadResponseSchema = okSchema.extend({
  message: z.string(),
  rawImage: storedImageSchema,
  croppedImage: storedImageSchema,
  print: z.object({ dpi: countSchema, quality: z.enum(['good', 'fair', 'poor']) }).optional(),
});

export const singleImageUploadResponseSchema = okSchema.extend({ image: storedImageSchema });

/** GET /api/images/:id?w= : a resized copy, 16 to 4096 px wide (ours). */
export const imageQuerySchema = z.object({ w: queryInt(16, 4096) });

/** The image calls' own messages (ours: spec 2 gives the client-side ones, in rules/uploads.ts). */
export const MAX_MEGAPIXELS = 100;

export const IMAGE_MESSAGES = {
  uploaded: 'Image uploaded successfully.',
  imagesUploaded: 'Images uploaded successfully.',
  notFound: 'Image not found.',
  idTaken: 'An image with this id already exists.',
  inOrder: 'This photo is in an order and cannot be deleted.',
  inReview: 'This photo is shown in your review and cannot be deleted.',
  inCheckout: 'This photo is in a checkout being paid and cannot be deleted now. Please try again later.',
  goneFromCart: 'A photo in your cart has been deleted. Please remove that item and try again.',
  notMultipart: 'Send the image as multipart/form-data.',
  badMultipart: 'The upload could not be read. Please try again.',
  fileRequired: 'Please choose an image to upload.',
  oneFileOnly: 'Send one file in this field.',
  unexpectedFile: 'This field does not take a file.',
  fieldTooLong: 'This field is too long.',
  tooManyParts: 'The upload has too many parts.',
  emptyFile: 'The file is empty.',
  damaged: 'The file is damaged or is not a complete image.',
  dataAfterImage: 'The file has data after the end of the image.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or HEIC image.',
  tooManyPixels: `The image has too many pixels (at most ${MAX_MEGAPIXELS} megapixels). Please choose a smaller image.`,
  unknownSku: 'Unknown product.',
  requestTooLarge: 'The upload is too large.',
  tooManyUploads: 'You have uploaded a lot of photos in a short time. Please try again later.',
} as const;
