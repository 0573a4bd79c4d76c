// The shopper's calls of docs/api.md (catalog, cart, images, checkout and orders, loyalty), each
// with the schemas its router validates with. One line per route, in the order of the contract.
import {
  addCartItemBodySchema,
  addPhotostripBodySchema,
  cartItemResponseSchema,
  cartQuerySchema,
  cartResponseSchema,
  updateCartItemBodySchema,
  updateCartItemResponseSchema,
} from '@printshop/shared-events/api/cart';
import {
  detectCountryResponseSchema,
  productResponseSchema,
  productsResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  settingsResponseSchema,
} from '@printshop/shared-events/api/catalog';
import { okSchema } from '@printshop/shared-events/api/common';
import {
  imageQuerySchema,
  imageUploadFieldsSchema,
  imageUploadResponseSchema,
  singleImageUploadResponseSchema,
} from '@printshop/shared-events/api/images';
import {
  loyaltyStatusResponseSchema,
  redeemBodySchema,
  redeemResponseSchema,
} from '@printshop/shared-events/api/loyalty';
import {
  checkoutStartBodySchema,
  checkoutStartResponseSchema,
  confirmPaymentBodySchema,
  createOrderResponseSchema,
  createPaymentIntentResponseSchema,
  orderQuerySchema,
  orderResponseSchema,
  ordersResponseSchema,
  paymentStartBodySchema,
  trackOrderQuerySchema,
  verifyPaymentBodySchema,
} from '@printshop/shared-events/api/orders';
import { productViewersResponseSchema } from '@printshop/shared-events/api/viewers';
import { testPayBodySchema } from '@printshop/command-service/payment/razorpay/razorpay-router';
import type { Contract } from './operation';

const CATALOG = 'Catalog and settings';
const CART = 'Cart';
const IMAGES = 'Images';
const ORDERS = 'Checkout, payments, orders';
const LOYALTY = 'Loyalty';

/** What the test-mode Razorpay page posts to verify-payment next. */
const testPayResponseSchema = okSchema.extend(verifyPaymentBodySchema.shape);

export const shopContract: Contract = {
  'GET /api/products': { tag: CATALOG, summary: 'Every product', answer: productsResponseSchema },
  'GET /api/products/:sku': { tag: CATALOG, summary: 'One product', answer: productResponseSchema },
  'POST /api/products/:sku/viewers': {
    tag: CATALOG,
    summary: "An open product page's heartbeat: how many shoppers have it open now",
    answer: productViewersResponseSchema,
  },
  'GET /api/search': {
    tag: CATALOG,
    summary: 'Products by name, category or sku',
    query: searchQuerySchema,
    answer: searchResponseSchema,
  },
  'GET /api/settings': { tag: CATALOG, summary: 'Shipping and currencies', answer: settingsResponseSchema },
  'GET /api/geo/detect-country': {
    tag: CATALOG,
    summary: "The caller's likely country",
    answer: detectCountryResponseSchema,
  },

  'GET /api/cart': {
    tag: CART,
    summary: 'The cart, priced',
    query: cartQuerySchema,
    answer: cartResponseSchema,
  },
  'POST /api/cart/item': {
    tag: CART,
    summary: 'Add a print',
    body: addCartItemBodySchema,
    status: 201,
    answer: cartItemResponseSchema,
  },
  'POST /api/cart/photostrips': {
    tag: CART,
    summary: 'Add a photo strip',
    body: addPhotostripBodySchema,
    status: 201,
    answer: cartItemResponseSchema,
  },
  'PUT /api/cart/item/:id': {
    tag: CART,
    summary: 'Change a quantity (0 or less removes)',
    body: updateCartItemBodySchema,
    answer: updateCartItemResponseSchema,
  },
  'DELETE /api/cart/item/:id': { tag: CART, summary: 'Remove a line', answer: okSchema },

  'POST /api/images': {
    tag: IMAGES,
    summary: 'Upload a photo and its crop',
    multipart: { files: ['rawImage', 'croppedImage'], fields: imageUploadFieldsSchema },
    status: 201,
    answer: imageUploadResponseSchema,
  },
  'POST /api/images/single': {
    tag: IMAGES,
    summary: 'Upload one photo',
    multipart: { files: ['image'] },
    status: 201,
    answer: singleImageUploadResponseSchema,
  },
  'GET /images/:id': { tag: IMAGES, summary: 'A served image', media: 'image/*' },
  'GET /api/images/:id': {
    tag: IMAGES,
    summary: 'A served image, or a copy w pixels wide',
    query: imageQuerySchema,
    media: 'image/*',
  },
  'DELETE /api/images/:id': { tag: IMAGES, summary: 'Delete an upload', answer: okSchema },

  'POST /api/checkout/start': {
    tag: ORDERS,
    summary: 'Price the cart for payment',
    body: checkoutStartBodySchema,
    answer: checkoutStartResponseSchema,
  },
  'POST /api/stripe/create-payment-intent': {
    tag: ORDERS,
    summary: 'Start a card payment',
    body: paymentStartBodySchema,
    answer: createPaymentIntentResponseSchema,
  },
  'POST /api/stripe/confirm-payment': {
    tag: ORDERS,
    summary: 'Confirm a card payment',
    body: confirmPaymentBodySchema,
    answer: orderResponseSchema,
  },
  'POST /api/stripe/webhook': { tag: ORDERS, summary: "Stripe's signed event", media: 'text/plain' },
  'POST /api/payment/create-order': {
    tag: ORDERS,
    summary: 'Start a Razorpay payment',
    body: paymentStartBodySchema,
    answer: createOrderResponseSchema,
  },
  'POST /api/payment/verify-payment': {
    tag: ORDERS,
    summary: 'Confirm a Razorpay payment',
    body: verifyPaymentBodySchema,
    answer: orderResponseSchema,
  },
  'POST /api/payment/free-order': {
    tag: ORDERS,
    summary: 'Place an order with nothing to pay (a total of 0)',
    body: paymentStartBodySchema,
    answer: orderResponseSchema,
  },
  'POST /api/payment/test/pay': {
    tag: ORDERS,
    summary: 'Pay a Razorpay order in test mode (404 with payment keys)',
    body: testPayBodySchema,
    answer: testPayResponseSchema,
  },
  'GET /api/orders': {
    tag: ORDERS,
    summary: "The caller's orders",
    auth: 'user',
    answer: ordersResponseSchema,
  },
  'GET /api/orders/track': {
    tag: ORDERS,
    summary: 'Track an order by number and e-mail',
    query: trackOrderQuerySchema,
    answer: orderResponseSchema,
  },
  'GET /api/orders/:id': {
    tag: ORDERS,
    summary: 'One order (bearer, or its e-mail for a guest)',
    auth: 'optional',
    query: orderQuerySchema,
    answer: orderResponseSchema,
  },

  'GET /api/loyalty/status': {
    tag: LOYALTY,
    summary: 'Balance and history',
    auth: 'user',
    answer: loyaltyStatusResponseSchema,
  },
  'POST /api/loyalty/redeem': {
    tag: LOYALTY,
    summary: 'Spend points on the cart',
    auth: 'user',
    body: redeemBodySchema,
    answer: redeemResponseSchema,
  },
};
