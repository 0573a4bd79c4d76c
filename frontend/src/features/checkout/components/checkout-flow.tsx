// The checkout (spec 1 §2): contact and shipping address first, then payment, beside the order
// summary. Starting the checkout freezes the cart on the server; payment then charges the server's
// amount. Begin-checkout tracking is sent once when the page opens with a cart; after payment the
// cart is reloaded (it is empty now) and the confirmation page shows the order. The payment step is
// a history entry of its own (?step=payment), so the browser's Back returns to the details, and
// the details are kept for the tab as they are typed (details-store.ts), so Back or a reload loses
// nothing; a reload of the payment step starts it again from them. Each start replaces the tab's
// previous checkout, so what that one's payment held (points, a code) is this one's again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AddressDto } from '@printshop/shared-events/api/account';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import type { Address } from '@printshop/shared-events/rules/addresses';
import { ADDRESS_PROFILES } from '@printshop/shared-events/rules/addresses';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { failureMessage, serverMessageOr } from '@/lib/server-message';
import { AddressCard } from '@/components/address-card';
import { emptyAddress } from '@/lib/address-form';
import { cartQueryKey, getCart, refreshCart } from '@/lib/cart/get-cart';
import { holdChangesFromElsewhere } from '@/lib/changes-from-elsewhere';
import { CART_MESSAGES } from '@/lib/cart/cart-messages';
import { useCurrency } from '@/lib/currency/use-currency';
import { useSession } from '@/lib/session/use-session';
import { startCheckout, type StartedCheckout } from '../api/start-checkout';
import { trackBeginCheckout } from '../begin-checkout';
import {
  forgetDetails,
  lastCheckoutId,
  rememberCheckout,
  storeDetails,
  storedDetails,
  storedDraft,
} from '../details-store';
import { DetailsForm, type CheckoutDetails } from './details-form';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import './checkout.css';
import { EmailAddress } from '@/components/email-address';

export type CheckoutLayout = 'modern' | 'legacy';

export const CHECKOUT_RESTART_FAILED = 'The amount could not be updated to your currency. Please try again.';

export const confirmationPath = (order: OrderDto) =>
  `/order-confirmation?${new URLSearchParams({ orderId: order.id, email: order.email }).toString()}`;

export interface CheckoutFlowProps {
  layout?: CheckoutLayout;
  /** A signed-in customer's address book (the default one is filled in). */
  savedAddresses?: readonly AddressDto[] | undefined;
  /** Saves a new address the customer asked to keep; the order does not wait for it. */
  onSaveAddress?(address: Address): Promise<unknown>;
  /** After payment, before the confirmation page shows (e.g. reload the order list). */
  onPaid?(order: OrderDto): void;
}

export function CheckoutFlow({
  layout = 'modern',
  savedAddresses,
  onSaveAddress,
  onPaid,
}: CheckoutFlowProps) {
  const { user, isAuthenticated } = useSession();
  const { currency, country: visitorCountry, chooseCountry, formatAmount } = useCurrency();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [country, setCountry] = useState(() => (visitorCountry in ADDRESS_PROFILES ? visitorCountry : 'US'));
  const [details, setDetails] = useState<CheckoutDetails | null>(null);
  const [startedCheckout, setCheckout] = useState<StartedCheckout | null>(null);
  const [params, setParams] = useSearchParams();
  // Shown only on its own history entry: Back from it (or a reload, which loses the started
  // checkout) shows the details again, filled in.
  const checkout = params.get('step') === 'payment' ? startedCheckout : null;
  const cart = useQuery({
    queryKey: cartQueryKey(currency, country),
    queryFn: ({ signal }) => getCart(currency, country, signal),
    placeholderData: (previous) => previous,
  });

  // The payment step's summary is the cart the checkout froze, in the currency it charges: another
  // tab's change of the cart, the currency or the country waits until it is left.
  useEffect(() => (checkout ? holdChangesFromElsewhere() : undefined), [checkout]);

  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || !cart.data?.items.length) return;
    tracked.current = true;
    trackBeginCheckout(cart.data, user);
  }, [cart.data, user]);

  // The address's country is where the cart ships from now on (the cart's "Shipping to" too).
  const onCountryChange = useCallback(
    (next: string) => {
      if (!/^[A-Z]{2}$/.test(next)) return;
      setCountry(next);
      chooseCountry(next);
    },
    [chooseCountry],
  );

  const startFor = useCallback(async (entered: CheckoutDetails, inCurrency: typeof currency) => {
    const started = await startCheckout({
      email: entered.email,
      shippingAddress: entered.shippingAddress,
      currency: inCurrency,
      country: entered.shippingAddress.country,
      replaces: lastCheckoutId(),
    });
    rememberCheckout(started.checkoutId);
    return started;
  }, []);

  // A currency change on the payment step starts the checkout again in the new currency, so the
  // pay button asks for (and the provider charges) the amount shown beside it.
  const [restartError, setRestartError] = useState<string | null>(null);
  useEffect(() => {
    if (!checkout || !details || checkout.currency === currency) return;
    let current = true;
    setRestartError(null);
    startFor(details, currency).then(
      (next) => current && setCheckout(next),
      (error: unknown) => current && setRestartError(serverMessageOr(error, CHECKOUT_RESTART_FAILED)),
    );
    return () => {
      current = false;
    };
  }, [checkout, details, currency, startFor]);

  // A reload of the payment step (the started checkout lived in memory) starts it again from the
  // details kept for the tab; without complete details it is the details step again.
  const resuming = params.get('step') === 'payment' && !checkout;
  const resumed = useRef(false);
  useEffect(() => {
    if (!resuming || resumed.current || !cart.data) return;
    resumed.current = true;
    const kept = storedDetails();
    const backToDetails = () => setParams({}, { replace: true });
    if (!kept || cart.data.items.length === 0) return backToDetails();
    const entered = { ...kept, saveAddress: false };
    startFor(entered, currency).then((next) => {
      setDetails(entered);
      setCheckout(next);
    }, backToDetails);
  }, [resuming, cart.data, currency, startFor, setParams]);

  const start = async (entered: CheckoutDetails) => {
    const started = await startFor(entered, currency);
    if (entered.saveAddress && onSaveAddress) {
      // Saving is a convenience: the order does not wait for it or fail with it.
      onSaveAddress(entered.shippingAddress).catch((error: unknown) =>
        console.warn('Saving the address failed', error),
      );
    }
    storeDetails(entered);
    setDetails(entered);
    setCheckout(started);
    setParams({ step: 'payment' }, { replace: params.get('step') === 'payment' });
  };

  const paid = (order: OrderDto) => {
    forgetDetails();
    navigate(confirmationPath(order), { state: { order } });
    void refreshCart(queryClient);
    onPaid?.(order);
  };

  if (cart.isPending || (resuming && startedCheckout === null && cart.data?.items.length))
    return <Spinner page label={cart.isPending ? 'Loading your cart…' : 'Opening the payment step…'} />;
  if (!cart.data) {
    return <Alert>{failureMessage(cart.error, CART_MESSAGES.fetchFailed, CART_MESSAGES.fetchError)}</Alert>;
  }
  if (cart.data.items.length === 0 && !checkout) {
    return (
      <div className="checkout-empty">
        <p>Your cart is empty, so there is nothing to pay for yet.</p>
        <ButtonLink to="/prints">Start Creating</ButtonLink>
      </div>
    );
  }

  const format = (amount: number) => formatAmount(amount, cart.data.currency);
  const entered = details ?? storedDraft();
  const initial = entered
    ? { email: entered.email || (user?.email ?? ''), shippingAddress: { ...entered.shippingAddress } }
    : { email: user?.email ?? '', shippingAddress: emptyAddress(country) };

  // Once started (in the cart's currency), the checkout's totals: what the payment charges.
  const started = checkout?.currency === cart.data.currency ? checkout.totals : undefined;
  const summary = <OrderSummary cart={cart.data} checkout={started} format={format} />;
  return (
    <div className={`checkout checkout--${layout}`}>
      <ol className="checkout-steps" aria-label="Checkout steps">
        <li
          aria-current={checkout ? undefined : 'step'}
          className={checkout ? 'checkout-steps__done' : undefined}
        >
          Details
        </li>
        <li aria-current={checkout ? 'step' : undefined}>Payment</li>
      </ol>
      {layout === 'legacy' && summary}
      <div className="checkout__main">
        {checkout && details ? (
          <>
            <section className="checkout-section checkout-recap" aria-label="Your details">
              <div>
                <p>
                  <strong>Contact:</strong> <EmailAddress email={details.email} />
                </p>
                <AddressCard address={details.shippingAddress} />
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setCheckout(null);
                  setParams({}, { replace: true });
                }}
              >
                Edit details
              </Button>
            </section>
            {checkout.currency === currency ? (
              <PaymentStep
                checkout={checkout}
                amountText={formatAmount(checkout.amount, checkout.currency)}
                email={details.email}
                phone={details.shippingAddress.phone}
                onPaid={paid}
              />
            ) : restartError ? (
              <Alert>{restartError}</Alert>
            ) : (
              <Spinner label="Updating the amount to your currency…" />
            )}
          </>
        ) : (
          <DetailsForm
            initial={initial}
            savedAddresses={savedAddresses}
            signedIn={isAuthenticated}
            onCountryChange={onCountryChange}
            onSubmit={start}
            onDraft={storeDetails}
            restored={entered !== undefined}
          />
        )}
      </div>
      {layout === 'modern' && summary}
    </div>
  );
}
