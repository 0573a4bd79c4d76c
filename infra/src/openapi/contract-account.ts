// Auth and account, reviews, contact and tracking calls of docs/api.md, with their schemas.
import {
  addressBodySchema,
  addressesResponseSchema,
  addressResponseSchema,
  authResponseSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  meResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@printshop/shared-events/api/account';
import { okSchema } from '@printshop/shared-events/api/common';
import { contactBodySchema, contactResponseSchema } from '@printshop/shared-events/api/contact';
import {
  createReviewBodySchema,
  myReviewsResponseSchema,
  ratingSummaryResponseSchema,
  reviewResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from '@printshop/shared-events/api/reviews';
import { TRACKING_BODY_SCHEMAS, trackResponseSchema } from '@printshop/shared-events/api/tracking';
import type { Contract, Operation } from './operation';

const AUTH = 'Auth and account';
const MORE = 'Reviews, contact, tracking';

const track = (kind: keyof typeof TRACKING_BODY_SCHEMAS): Operation => ({
  tag: MORE,
  summary: `Report ${kind}`,
  body: TRACKING_BODY_SCHEMAS[kind],
  status: 202,
  answer: trackResponseSchema,
});

export const accountContract: Contract = {
  'POST /api/auth/register': {
    tag: AUTH,
    summary: 'Create an account',
    body: registerBodySchema,
    status: 201,
    answer: authResponseSchema,
  },
  'POST /api/auth/login': {
    tag: AUTH,
    summary: 'Sign in',
    body: loginBodySchema,
    answer: authResponseSchema,
  },
  'POST /api/auth/logout': { tag: AUTH, summary: 'End this token', auth: 'optional', answer: okSchema },
  'GET /api/auth/me': { tag: AUTH, summary: 'The signed-in user', auth: 'user', answer: meResponseSchema },
  'POST /api/auth/forgot-password': {
    tag: AUTH,
    summary: 'Mail a reset link',
    body: forgotPasswordBodySchema,
    answer: messageResponseSchema,
  },
  'POST /api/auth/reset-password': {
    tag: AUTH,
    summary: 'Set a password from a reset link',
    body: resetPasswordBodySchema,
    answer: messageResponseSchema,
  },
  'POST /api/auth/change-password': {
    tag: AUTH,
    summary: 'Change the password (ends every older token)',
    auth: 'user',
    body: changePasswordBodySchema,
    answer: authResponseSchema.omit({ user: true }).extend(messageResponseSchema.shape),
  },
  'GET /api/addresses': {
    tag: AUTH,
    summary: 'Saved addresses',
    auth: 'user',
    answer: addressesResponseSchema,
  },
  'GET /api/addresses/:id': {
    tag: AUTH,
    summary: 'One address',
    auth: 'user',
    answer: addressResponseSchema,
  },
  'POST /api/addresses': {
    tag: AUTH,
    summary: 'Save an address',
    auth: 'user',
    body: addressBodySchema,
    status: 201,
    answer: addressResponseSchema,
  },
  'PUT /api/addresses/:id': {
    tag: AUTH,
    summary: 'Change an address',
    auth: 'user',
    body: addressBodySchema,
    answer: addressResponseSchema,
  },
  'DELETE /api/addresses/:id': { tag: AUTH, summary: 'Delete an address', auth: 'user', answer: okSchema },
  'PUT /api/addresses/:id/default': {
    tag: AUTH,
    summary: 'Make an address the default',
    auth: 'user',
    answer: okSchema,
  },

  'GET /api/reviews': {
    tag: MORE,
    summary: 'Approved reviews with stats',
    query: reviewsQuerySchema,
    answer: reviewsResponseSchema,
  },
  'GET /api/reviews/summary': {
    tag: MORE,
    summary: "The shop's rating: average and count of approved reviews",
    answer: ratingSummaryResponseSchema,
  },
  'GET /api/reviews/mine': {
    tag: MORE,
    summary: "The caller's reviews with their status and order line",
    auth: 'user',
    answer: myReviewsResponseSchema,
  },
  'POST /api/reviews': {
    tag: MORE,
    summary: 'Write a review (shown after approval)',
    auth: 'user',
    body: createReviewBodySchema,
    status: 201,
    answer: reviewResponseSchema,
  },
  'POST /api/contact': {
    tag: MORE,
    summary: 'Send a message',
    body: contactBodySchema,
    status: 201,
    answer: contactResponseSchema,
  },
  'POST /api/track/add-to-cart': track('add-to-cart'),
  'POST /api/track/begin-checkout': track('begin-checkout'),
  'POST /api/track/purchase': track('purchase'),
  'POST /api/track/view-content': track('view-content'),
};
