// The REST surface of API.md: every service router, in the order of the contract's tables.
// Domain modules add theirs here.
import path from 'node:path';
import type Router from '@koa/router';
import { addressRouter } from '@printshop/command-service/address/router';
import { addressesQueryRouter } from '@printshop/query-service/account/addresses-routes';
import { adminUsersRouter } from '@printshop/command-service/user/admin-router';
import { authRouter } from '@printshop/command-service/user/router';
import { cartRouter } from '@printshop/command-service/cart/router';
import { loyaltyBalance } from '@printshop/command-service/loyalty/balance';
import { cartQueryRouter } from '@printshop/query-service/cart/cart-routes';
import { adminUsersQueryRouter } from '@printshop/query-service/account/admin-users-routes';
import { meRouter } from '@printshop/query-service/account/me-routes';
import { imageServeRouter } from '@printshop/command-service/images/serve-router';
import { imageUploadRouter } from '@printshop/command-service/images/upload-router';
import { catalogRouter } from '@printshop/query-service/catalog/catalog-routes';
import { geoRouter } from '@printshop/query-service/geo/detect-country-routes';
import { contactRouter } from '@printshop/command-service/contact/router';
import { trackingRouter } from '@printshop/command-service/tracking/router';
import { checkoutRouter } from '@printshop/command-service/checkout/router';
import { stripeRouter } from '@printshop/command-service/payment/stripe/stripe-router';
import { razorpayRouter } from '@printshop/command-service/payment/razorpay/razorpay-router';
import { ordersQueryRouter } from '@printshop/query-service/orders/orders-routes';
import { loyaltyQueryRouter } from '@printshop/query-service/loyalty/loyalty-routes';
import type { AppContext } from './app-context';
import { freeOrderRouter } from '@printshop/command-service/payment/free-order-router';
import { moneyOf } from './payments/money';
import { paymentProvidersOf } from './payments/payment-providers';
import { postgresNetworkLimit } from './postgres/rate-limiter';
import { ORDER_LOOKUP_TOO_MANY, PAYMENT_START_MESSAGES } from '@printshop/shared-events/api/orders';
import { createContactRateLimit } from './contact/contact-rate-limit';
import { lookupCountry } from './geo/geoip';
import { createAuthRateLimits } from './auth/rate-limits';
import { createUploadQuotas } from './images/upload-quotas';
import { createSessionStore } from './auth/sessions';
import { webhookRouters } from './webhooks/webhook-routers';
import { adminReportRouters } from './reports/admin-report-routers';
import { adminOrderRouters } from './orders/admin-order-routers';
import { reviewRouters } from './reviews/review-routers';
import { promotionRouters } from './promotions/promotion-routers';
import { catalogAdminRouters } from './catalog/catalog-admin-routers';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { viewersRouters } from './viewers/viewers-routers';
import { memoryNetworkLimit } from './gateway/memory-network-limit';
import { TRACKING_MESSAGES } from '@printshop/shared-events/api/tracking';
import { CART_WRITES_TOO_MANY } from '@printshop/shared-events/api/cart';

export function buildRouters(app: AppContext): Router[] {
  // One count for both providers: switching from card to UPI does not start it again.
  // Counted in Postgres: a start is rare and asks the provider for something.
  const countPaymentStart = postgresNetworkLimit(
    app.db,
    'payment_rate_limits',
    { points: app.config.paymentStartsPerHour, duration: 60 * 60 },
    PAYMENT_START_MESSAGES.tooMany,
  );
  return [
    // Catalog and settings
    catalogRouter({ db: app.db, waitFor: app.waitFor }),
    ...viewersRouters(app),
    geoRouter({ lookupCountry }),
    // Auth and account
    meRouter({ db: app.db, waitFor: app.waitFor }),
    authRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      issueToken: (user, issuedAt) => app.tokens.issue(user, issuedAt),
      limits: createAuthRateLimits(app.db, { registrationsPerHour: app.config.registrationsPerIpPerHour }),
      sessions: createSessionStore(app.db, app.now),
      resetSecret: app.config.jwtSecret,
    }),
    addressesQueryRouter({ db: app.db, waitFor: app.waitFor }),
    addressRouter({ store: app.store, now: app.now, newId: app.newId }),
    // Cart and loyalty redemption
    cartQueryRouter({ db: app.db, waitFor: app.waitFor, now: app.now, catalog: catalogOf(app.store) }),
    cartRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      loyaltyBalance: (userId) => loyaltyBalance(app.store, userId),
      countCartWrite: memoryNetworkLimit(
        { points: app.config.cartWritesPerMinute, duration: 60 },
        CART_WRITES_TOO_MANY,
      ),
    }),
    // Promotion codes: the cart's code and the admin's promotions
    ...promotionRouters(app),
    // Checkout, payments, orders, loyalty
    checkoutRouter({ store: app.store, now: app.now, newId: app.newId }),
    stripeRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      logger: app.logger,
      countPaymentStart,
      stripe: paymentProvidersOf(app).stripe,
      money: moneyOf(app),
      publishableKey: paymentProvidersOf(app).stripePublishableKey,
    }),
    razorpayRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      countPaymentStart,
      razorpay: paymentProvidersOf(app).razorpay,
      money: moneyOf(app),
      keySecret: paymentProvidersOf(app).razorpayKeySecret,
    }),
    freeOrderRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      countPaymentStart,
      money: moneyOf(app),
    }),
    ordersQueryRouter({
      db: app.db,
      waitFor: app.waitFor,
      countLookup: postgresNetworkLimit(
        app.db,
        'order_lookup_rate_limits',
        { points: app.config.orderLookupsPerHour, duration: 60 * 60 },
        ORDER_LOOKUP_TOO_MANY,
      ),
    }),
    loyaltyQueryRouter({ db: app.db, waitFor: app.waitFor }),
    // Images
    imageUploadRouter({
      store: app.store,
      images: app.images,
      now: app.now,
      newId: app.newId,
      tempDir: path.join(app.config.dataDir, 'tmp', 'uploads'),
      quotas: createUploadQuotas(app.db, app.config.uploadQuotas),
    }),
    imageServeRouter({ store: app.store, images: app.images }),
    // Contact and tracking
    contactRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      countMessage: createContactRateLimit(app.db),
    }),
    trackingRouter({
      store: app.store,
      now: app.now,
      countCall: memoryNetworkLimit(
        { points: app.config.trackingCallsPerMinute, duration: 60 },
        TRACKING_MESSAGES.tooMany,
      ),
    }),
    // Reviews
    ...reviewRouters(app),
    // Admin
    adminUsersQueryRouter({ db: app.db, waitFor: app.waitFor }),
    adminUsersRouter({ store: app.store, now: app.now }),
    ...webhookRouters(app),
    ...adminReportRouters(app),
    ...adminOrderRouters(app),
    ...catalogAdminRouters(app),
  ];
}
