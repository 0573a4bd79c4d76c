// Auth and account (API.md "Auth and account"). The request bodies are the forms' own schemas.
import { z } from 'zod';
import { addressInputSchema } from '../rules/addresses';
import { postalAddressSchema } from '../postal-address';
import { okSchema } from './common';

export {
  changePasswordSchema as changePasswordBodySchema,
  forgotPasswordSchema as forgotPasswordBodySchema,
  loginSchema as loginBodySchema,
  registerSchema as registerBodySchema,
  resetPasswordSchema as resetPasswordBodySchema,
} from '../rules/password-policy';
export { messageResponseSchema } from './common';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
});
export type UserDto = z.infer<typeof userSchema>;

export const authResponseSchema = okSchema.extend({ token: z.string(), user: userSchema });
export const meResponseSchema = okSchema.extend({ user: userSchema });

/** POST /api/addresses and PUT /api/addresses/:id. */
export const addressBodySchema = addressInputSchema;

export const addressSchema = z.object({
  id: z.string(),
  ...postalAddressSchema.shape,
  isDefault: z.boolean(),
});
export type AddressDto = z.infer<typeof addressSchema>;

export const addressesResponseSchema = okSchema.extend({ addresses: z.array(addressSchema) });
export const addressResponseSchema = okSchema.extend({ address: addressSchema });
