// Every projection the runner, `npm run replay` and `npm run audit -- --verify` know about.
// Domain issues add theirs here.
import { abandonedCheckoutsProjection } from './abandoned-checkouts/abandoned-checkouts-projection';
import { addressesProjection } from './addresses/addresses-projection';
import { cartsProjection } from './carts/carts-projection';
import { catalogProjection } from './catalog/catalog-projection';
import { checkoutsProjection } from './checkouts/checkouts-projection';
import { loyaltyProjection } from './loyalty/loyalty-projection';
import { orderAuditProjection } from './order-audit/order-audit-projection';
import { ordersProjection } from './orders/orders-projection';
import { promotionsProjection } from './promotions/promotions-projection';
import { reviewsProjection } from './reviews/reviews-projection';
import type { Projection } from './runner/projection';
import { salesProjection } from './sales/sales-projection';
import { usersProjection } from './users/users-projection';
import { webhooksProjection } from './webhooks/webhooks-projection';

export const allProjections: Projection[] = [
  addressesProjection,
  usersProjection,
  cartsProjection,
  ordersProjection,
  checkoutsProjection,
  loyaltyProjection,
  webhooksProjection,
  orderAuditProjection,
  reviewsProjection,
  salesProjection,
  abandonedCheckoutsProjection,
  promotionsProjection,
  catalogProjection,
];
