// Starting a checkout: freeze the caller's priced cart with the e-mail and address given so far in
// a new stream `checkout-<checkoutId>` (CheckoutStarted). Payment amounts come from here, never
// from the client.
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import type { AddressFields } from '@printshop/shared-events/events/address';
import { guestCartId, userCartId } from '@printshop/shared-events/events/cart';
import { checkoutStreamName, type CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { userStreamName } from '@printshop/shared-events/events/user';
import { imagesOfLines } from '@printshop/shared-events/events/order-line-images';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { holdImagesForCheckout } from '../images/holds';
import type { Caller } from '../caller';
import { snapshotCart } from './cart-snapshot';

export interface StartCheckoutInput {
  email?: string;
  shippingAddress?: AddressFields;
  currency: CurrencyCode;
  country: string;
}

/** The e-mail a signed-in user registered with, for a checkout that names none. */
async function registeredEmail(store: EventStore, userId: string): Promise<string | undefined> {
  const [first] = await store.readStream(userStreamName(userId), { maxCount: 1 });
  return first?.type === 'UserRegistered' ? (first.data as { email: string }).email : undefined;
}

export async function startCheckout(
  store: EventStore,
  caller: Caller,
  input: StartCheckoutInput,
  ids: { checkoutId: string; at: string },
  metadata: EventMetadata,
): Promise<{ checkout: CheckoutStartedData; position: number }> {
  const cartId = caller.userId ? userCartId(caller.userId) : guestCartId(caller.guestSession);
  // The address decides the shipping rule when given: that is where the parcel goes.
  const country = input.shippingAddress?.country ?? input.country;
  const email = input.email ?? (caller.userId ? await registeredEmail(store, caller.userId) : undefined);
  const snapshot = await snapshotCart(store, {
    cartId,
    userId: caller.userId,
    email,
    currency: input.currency,
    country,
    at: ids.at,
  });
  const checkout: CheckoutStartedData = {
    checkoutId: ids.checkoutId,
    cartId,
    ...(caller.userId !== undefined && { userId: caller.userId }),
    ...(email !== undefined && { email }),
    ...(input.shippingAddress && { shippingAddress: input.shippingAddress }),
    country: snapshot.country,
    lines: snapshot.lines,
    amounts: snapshot.amounts,
    startedAt: ids.at,
  };
  // Before the checkout exists: a photo deleted meanwhile refuses it before any money is asked for.
  await holdImagesForCheckout(store, imagesOfLines(checkout.lines), ids, metadata);
  const result = await store.appendToStream(
    checkoutStreamName(ids.checkoutId),
    [{ type: 'CheckoutStarted', data: checkout, metadata }],
    { expectedRevision: 'no_stream' },
  );
  return { checkout, position: result.position };
}
