// The contact and address a shopper is entering at checkout, kept for this tab as they type
// (sessionStorage: gone when the tab closes), so a reload or a way back to the details keeps what
// they typed, finished or not; and the tab's last started checkout, which the next start replaces
// (its held points and code come free for it). Forgotten once the order is placed.
import { z } from 'zod';
import { addressInputSchema, type AddressInput } from '@printshop/shared-events/rules/addresses';
import { readStored, writeStored } from '@/lib/storage';
import type { CheckoutDetails } from './components/details-form';

const DETAILS_KEY = 'printshop.checkout-details';
const CHECKOUT_KEY = 'printshop.checkout-id';

export interface DetailsDraft {
  email: string;
  shippingAddress: AddressInput;
}

// A draft is whatever was typed so far: each field a string, kept even when it is not valid yet.
const typed = z.string().max(2000).catch('');
const draftSchema = z.object({
  email: typed,
  shippingAddress: z.object({
    fullName: typed,
    phone: typed,
    line1: typed,
    line2: typed,
    city: typed,
    state: typed,
    postalCode: typed,
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .catch('US'),
  }),
});
const completeSchema = z.object({ email: z.string(), shippingAddress: addressInputSchema });

function read(): unknown {
  try {
    return JSON.parse(readStored(DETAILS_KEY, 'session') ?? 'null');
  } catch {
    return null;
  }
}

/** What was typed so far in this tab, or undefined when nothing was. */
export function storedDraft(): DetailsDraft | undefined {
  const parsed = draftSchema.safeParse(read());
  return parsed.success ? parsed.data : undefined;
}

/** The stored details when they are complete (a payment step can start from them). */
export function storedDetails(): Omit<CheckoutDetails, 'saveAddress'> | undefined {
  const parsed = completeSchema.safeParse(read());
  return parsed.success ? parsed.data : undefined;
}

export const storeDetails = ({
  email,
  shippingAddress,
}: {
  email?: string | undefined;
  shippingAddress?: Partial<AddressInput> | undefined;
}): void => writeStored(DETAILS_KEY, JSON.stringify({ email, shippingAddress }), 'session');

export const lastCheckoutId = (): string | undefined => readStored(CHECKOUT_KEY, 'session') ?? undefined;

export const rememberCheckout = (checkoutId: string): void =>
  writeStored(CHECKOUT_KEY, checkoutId, 'session');

export const forgetDetails = (): void => {
  writeStored(DETAILS_KEY, null, 'session');
  writeStored(CHECKOUT_KEY, null, 'session');
};
