// Contact form (API.md "Reviews, contact, tracking"). Messages are ours.
import { z } from 'zod';
import { emailSchema } from '../rules/password-policy';
import { messageResponseSchema, requiredText } from './common';

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  subject: 'Subject is required',
  subjectTooLong: 'Subject must be at most 200 characters',
  message: 'Message is required',
  messageTooLong: 'Message must be at most 2000 characters',
} as const;

/** How soon the shop answers: the contact page's intro and the thank-you sentence both say it. */
export const CONTACT_REPLY_TIME = 'within 1-2 business days';

export const contactBodySchema = z.object({
  name: requiredText(100, CONTACT_MESSAGES.name, CONTACT_MESSAGES.nameTooLong),
  email: emailSchema,
  subject: requiredText(200, CONTACT_MESSAGES.subject, CONTACT_MESSAGES.subjectTooLong),
  message: requiredText(2000, CONTACT_MESSAGES.message, CONTACT_MESSAGES.messageTooLong),
});

export const contactResponseSchema = messageResponseSchema;
