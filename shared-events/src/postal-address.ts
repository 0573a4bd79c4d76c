// The shape of a postal address wherever one is stored or answered (address book, checkout, order).
// Shape only: the country profiles (rules/addresses.ts) validate what users type, and may change
// later without making stored events or earlier answers invalid.
import { z } from 'zod';

export const postalAddressSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;
