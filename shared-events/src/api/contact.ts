// Contact form (API.md "Reviews, contact, tracking"). Messages are ours.
import { z } from 'zod';
import { emailSchema } from '../rules/password-policy';
import { messageResponseSchema, requiredText } from './common';

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  subject: 'Subject is required',
  message: 'Message is required',
  messageTooLong: 'Message must be at most 2000 characters',
} as const;

export const contactBodySchema = z.object({
  name: requiredText(100, CONTACT_MESSAGES.name),
  email: emailSchema,
  subject: requiredText(200, CONTACT_MESSAGES.subject),
  message: requiredText(2000, CONTACT_MESSAGES.message, CONTACT_MESSAGES.messageTooLong),
});

export const contactResponseSchema = messageResponseSchema;
