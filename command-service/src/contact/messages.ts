// What the contact call says (API.md "Reviews, contact, tracking").
export const CONTACT_ANSWERS = {
  received: 'Thanks! We will get back to you within 1-2 business days.',
  tooMany: 'You have sent several messages already. Please try again later.',
} as const;
