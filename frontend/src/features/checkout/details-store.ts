// The contact and address a shopper entered at checkout, kept for this tab (sessionStorage: gone
// when the tab closes), so a reload of the payment step or a way back to the details keeps what
// they typed. Forgotten once the order is placed.
import { z } from 'zod';
import { addressInputSchema } from '@printshop/shared-events/rules/addresses';
import { readStored, writeStored } from '@/lib/storage';
import type { CheckoutDetails } from './components/details-form';

const KEY = 'printshop.checkout-details';

const storedSchema = z.object({ email: z.string(), shippingAddress: addressInputSchema });

export function storedDetails(): Omit<CheckoutDetails, 'saveAddress'> | undefined {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(readStored(KEY, 'session') ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const storeDetails = ({ email, shippingAddress }: CheckoutDetails): void =>
  writeStored(KEY, JSON.stringify({ email, shippingAddress }), 'session');

export const forgetDetails = (): void => writeStored(KEY, null, 'session');
