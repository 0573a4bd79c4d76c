// Reviews, wired: submission and moderation on the event store (the verified-purchase flag asked
// of the orders read model), the public list and the moderation list on the reviews read model.
import type Router from '@koa/router';
import { reviewRouter } from '@printshop/command-service/review/router';
import { reviewsQueryRouter } from '@printshop/query-service/reviews/reviews-routes';
import { purchaseVerifier } from '@printshop/query-service/reviews/verified-purchase';
import type { AppContext } from '../app-context';

export function reviewRouters(app: AppContext): Router[] {
  return [
    reviewsQueryRouter({ db: app.db, waitFor: app.waitFor }),
    reviewRouter({
      store: app.store,
      now: app.now,
      verifyPurchase: purchaseVerifier({ db: app.db, waitFor: app.waitFor }),
    }),
  ];
}
