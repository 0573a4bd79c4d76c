// A message sent through the contact form, stream `contact-<contactId>` (one stream per message,
// appended with `no_stream`). The mail reactor turns it into a mail to the shop's address; the
// message itself stays in the log, so nothing is lost while SMTP is down.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const CONTACT_STREAM_CATEGORY = 'contact';
export const contactStreamName = (contactId: string): string => `${CONTACT_STREAM_CATEGORY}-${contactId}`;

export const ContactMessageReceived = defineEvent(
  'ContactMessageReceived',
  z.object({
    contactId: z.string().min(1),
    name: z.string().min(1).max(100),
    email: z.string().min(1).max(254),
    subject: z.string().min(1).max(200),
    message: z.string().min(1).max(2000),
    /** Set when a signed-in user wrote it. */
    userId: z.string().optional(),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
);

export const contactEvents = [ContactMessageReceived];
export type ContactEvent = EventOf<typeof ContactMessageReceived>;
