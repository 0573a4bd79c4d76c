// What the contact call says (API.md "Reviews, contact, tracking").
import { CONTACT_REPLY_TIME } from '@printshop/shared-events/api/contact';

export const CONTACT_ANSWERS = {
  received: `Thanks! We will get back to you ${CONTACT_REPLY_TIME}.`,
  tooMany: 'You have sent several messages already. Please try again later.',
} as const;
