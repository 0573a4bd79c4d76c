// zod/mini twin of shared-events/src/api/reviews.ts's rating summary, which `/` reads for its
// rating claim (common.ts says why).
import * as z from 'zod/mini';
import { countSchema, okSchema } from './common';

export const ratingSummarySchema = z.object({
  averageRating: z.number().check(z.minimum(0), z.maximum(5)),
  totalReviews: countSchema,
});

export const ratingSummaryResponseSchema = z.extend(okSchema, { summary: ratingSummarySchema });
