// POST /api/images/single (API.md "Images"): one multipart field `image`, for the collage pages
// (slot photos image.jpg, the composed collage collage.jpg, spec 2 §7) and the product pages
// (converted photos, composed strips). The server judges by content.
import { z } from 'zod';
import { okSchema } from '@printshop/shared-events/api/common';
import { api } from './api-client';

// Loose on purpose: an answer without the image id is the spec's own failure, not a parse error.
const uploadAnswerSchema = okSchema.extend({
  image: z
    .object({ id: z.string().min(1) })
    .partial()
    .optional(),
});

/** The stored image's id, or undefined when the answer carries none. */
export async function uploadSingleImage(image: Blob, fileName: string): Promise<string | undefined> {
  const body = new FormData();
  body.append('image', image, fileName);
  const answer = await api.post('/images/single', { schema: uploadAnswerSchema, body });
  return answer.image?.id;
}
