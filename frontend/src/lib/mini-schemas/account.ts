// zod/mini twins of shared-events/src/api/account.ts's session answers: the user kept in local
// storage, GET /api/auth/me and the sign-in answer (common.ts says why).
import * as z from 'zod/mini';
import { okSchema } from './common';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
});

export const authResponseSchema = z.extend(okSchema, { token: z.string(), user: userSchema });
export const meResponseSchema = z.extend(okSchema, { user: userSchema });
