// POST /api/contact (API.md "Reviews, contact, tracking"): 201 with the server's thank-you sentence.
import type { z } from 'zod';
import { contactResponseSchema, type contactBodySchema } from '@printshop/shared-events/api/contact';
import { api } from '@/lib/api-client';

export const sendContactMessage = (body: z.output<typeof contactBodySchema>) =>
  api.post('/contact', { schema: contactResponseSchema, json: body, auth: false });
