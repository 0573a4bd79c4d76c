// /cart: the cart page, with loyalty points for signed-in customers.
import { Page } from '@/components/page';
import { CartView } from '@/features/cart/components/cart-view';
import { LoyaltyRedeem } from '@/features/cart/components/loyalty-redeem';
import { useSession } from '@/lib/session/use-session';

export function Component() {
  const { isAuthenticated } = useSession();
  return (
    <Page title="Your Cart" heading="Your Cart" canonicalPath="/cart">
      <CartView loyalty={isAuthenticated ? <LoyaltyRedeem /> : undefined} />
    </Page>
  );
}
