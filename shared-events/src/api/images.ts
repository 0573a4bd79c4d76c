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
