// Password calls (API.md "Auth and account"): forgot, reset with a token, change while signed in.
// A change ends every older session, so its answer carries a fresh token to keep this one going.
import { z } from 'zod';
import { messageResponseSchema } from '@printshop/shared-events/api/common';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
} from '@printshop/shared-events/rules/password-policy';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (body: ForgotPasswordInput) =>
  api.post('/auth/forgot-password', { schema: messageResponseSchema, json: body, auth: false });

export const resetPassword = (body: ResetPasswordInput) =>
  api.post('/auth/reset-password', { schema: messageResponseSchema, json: body, auth: false });

const changePasswordResponseSchema = messageResponseSchema.extend({ token: z.string().optional() });

export const changePassword = (body: ChangePasswordInput) =>
  api.post('/auth/change-password', { schema: changePasswordResponseSchema, json: body });
