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
import type { AppContext } from './app-context';
import { createAuthRateLimits } from './auth/rate-limits';

export function buildRouters(app: AppContext): Router[] {
  return [
    // Auth and account
    meRouter({ db: app.db, waitFor: app.waitFor }),
    authRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      issueToken: (user, issuedAt) => app.tokens.issue(user, issuedAt),
      limits: createAuthRateLimits(app.db),
      resetSecret: app.config.jwtSecret,
    }),
    addressesQueryRouter({ db: app.db, waitFor: app.waitFor }),
    addressRouter({ store: app.store, now: app.now, newId: app.newId }),
    // Cart and loyalty redemption
    cartQueryRouter({ db: app.db, waitFor: app.waitFor }),
    cartRouter({
      store: app.store,
      now: app.now,
      newId: app.newId,
      loyaltyBalance: (userId) => loyaltyBalance(app.store, userId),
    }),
    // Images
    imageUploadRouter({
      store: app.store,
      images: app.images,
      now: app.now,
      newId: app.newId,
      tempDir: path.join(app.config.dataDir, 'tmp', 'uploads'),
    }),
    imageServeRouter({ store: app.store, images: app.images }),
    // Admin
    adminUsersQueryRouter({ db: app.db, waitFor: app.waitFor }),
    adminUsersRouter({ store: app.store, now: app.now }),
  ];
}
