// The cart page (spec 1 §2-§4, §8): lines, totals in the chosen currency, shipping and the
// free-shipping progress, the promo code field, a slot for loyalty points, and the cart's error messages.
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { OrderTotals } from '@/components/order-totals';
import { Spinner } from '@/components/spinner';
import { failureMessage } from '@/lib/server-message';
import { useCurrency } from '@/lib/currency/use-currency';
import { useCart } from '@/lib/cart/get-cart';
import { groupCartLines, lineLabel } from '../cart-groups';
import { CART_MESSAGES } from '@/lib/cart/cart-messages';
import { useCartActions } from '../use-cart-actions';
import { CartLine } from './cart-line';
import { PromoCode } from './promo-code';
import { ShippingProgress } from './shipping-progress';
import './cart.css';

export function CartView({ loyalty }: { loyalty?: ReactNode }) {
  const cart = useCart();
  const actions = useCartActions();
  const { formatAmount } = useCurrency();
  // Emptying the cart loses every photo's crop: one stray tap must not do it.
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);

  if (cart.isPending) return <Spinner page label="Loading your cart…" />;
  if (cart.isError && !cart.data) {
    return (
      <div className="cart-state">
        <Alert>{failureMessage(cart.error, CART_MESSAGES.fetchFailed, CART_MESSAGES.fetchError)}</Alert>
        <Button variant="secondary" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const data = cart.data;
  const format = (amount: number) => formatAmount(amount, data.currency);
  const ids = data.items.map((item) => item.id);

  return (
    <div className="cart-view">
      {actions.error && (
        <div className="cart-view__error">
          <Alert>{actions.error}</Alert>
        </div>
      )}
      {cart.isError && (
        <Alert>{failureMessage(cart.error, CART_MESSAGES.fetchFailed, CART_MESSAGES.fetchError)}</Alert>
      )}
      {data.items.length === 0 ? (
        <div className="cart-state cart-state--empty">
          <p className="cart-state__title">Your cart is empty.</p>
          <p>Upload a photo and pick a format: retro prints, strips, posters and more.</p>
          <ButtonLink to="/prints" size="lg">
            Start Creating
          </ButtonLink>
        </div>
      ) : (
        <div className="cart-view__layout">
          <section aria-labelledby="cart-lines-heading">
            <div className="cart-view__lines-header">
              <h2 id="cart-lines-heading" className="cart-view__subheading">
                {data.totalQuantity} {data.totalQuantity === 1 ? 'item' : 'items'}
              </h2>
              <Button
                variant="ghost"
                size="sm"
                loading={actions.busy === 'all'}
                disabled={actions.busy !== null}
                onClick={() => setConfirmingEmpty(true)}
              >
                Remove all
              </Button>
              <ConfirmDialog
                open={confirmingEmpty}
                title="Remove everything from your cart?"
                confirmLabel="Remove all"
                onCancel={() => setConfirmingEmpty(false)}
                onConfirm={() => {
                  setConfirmingEmpty(false);
                  void actions.removeItems(ids);
                }}
              >
                <p>
                  {data.totalQuantity} {data.totalQuantity === 1 ? 'item' : 'items'} and their photos' crops
                  will be removed.
                </p>
              </ConfirmDialog>
            </div>
            <ul className="cart-view__lines" aria-busy={cart.isFetching || undefined}>
              {groupCartLines(data.items).map((group) => (
                <li key={group.sku} className="cart-group">
                  <h3 className="cart-group__name">
                    {group.name}
                    {group.items.length > 1 && (
                      <span className="cart-group__count">
                        {' '}
                        · {group.items.length} photos, quantity {group.quantity}
                      </span>
                    )}
                  </h3>
                  <ul className="cart-group__lines">
                    {group.items.map((item, index) => (
                      <CartLine
                        key={item.id}
                        item={item}
                        label={lineLabel(group, index)}
                        format={format}
                        busy={actions.busy === item.id || actions.busy === 'all'}
                        onQuantity={(quantity) => actions.updateQuantity(item.id, quantity)}
                        onRemove={() => void actions.removeItem(item.id)}
                      />
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <ButtonLink to="/prints" variant="ghost">
              ← Continue Shopping
            </ButtonLink>
          </section>
          <aside className="cart-view__summary" aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading" className="cart-view__subheading">
              Order summary
            </h2>
            <OrderTotals
              subtotal={data.subtotal}
              discount={data.discount}
              shippingFee={data.shippingFee}
              total={data.grandTotal}
              freeShipping={data.shippingInfo.isFree}
              totalLabel="Grand total"
              format={format}
              code={data.promotion}
              loyaltyDiscount={data.loyaltyDiscount}
            />
            <ShippingProgress cart={data} format={format} />
            <PromoCode promotion={data.promotion} />
            <ButtonLink to="/checkout" size="lg" className="cart-view__checkout">
              Proceed to Checkout
            </ButtonLink>
            {loyalty}
          </aside>
        </div>
      )}
    </div>
  );
}
