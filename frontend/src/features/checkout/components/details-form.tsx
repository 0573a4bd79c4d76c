// Contact e-mail and shipping address. Signed-in customers can pick a saved address (the default
// one is filled in) and save a new one. The server's own schema checks the form first
// (address-resolver.ts), and its field messages land on the fields if it still refuses.
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AddressDto } from '@printshop/shared-events/api/account';
import {
  addressInputSchema,
  type Address,
  type AddressInput,
} from '@printshop/shared-events/rules/addresses';
import { emailSchema } from '@printshop/shared-events/rules/password-policy';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { applyFieldErrors } from '@/lib/form-errors';
import { serverMessageOr } from '@/lib/server-message';
import { emptyAddress, resolverWithAddress } from '@/lib/address-form';
import { AddressCard } from '@/components/address-card';
import { AddressFields } from '@/components/address-fields';

export const CHECKOUT_START_FAILED = 'Could not start the checkout. Please try again.';

const detailsSchema = z.object({
  email: emailSchema,
  shippingAddress: addressInputSchema,
  saveAddress: z.boolean().optional(),
});
export type CheckoutDetails = { email: string; shippingAddress: Address; saveAddress?: boolean | undefined };

const resolver = resolverWithAddress(detailsSchema, 'shippingAddress');
const SERVER_FIELDS = [
  'email',
  ...(['fullName', 'phone', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const).map(
    (f) => `shippingAddress.${f}` as const,
  ),
] as const;

const sameAddress = (a: AddressInput, b: Partial<AddressInput>): boolean =>
  (Object.keys(a) as Array<keyof AddressInput>).every((key) => (a[key] ?? '') === (b[key] ?? ''));

const toInput = (address: AddressDto): AddressInput => ({
  fullName: address.fullName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  state: address.state ?? '',
  postalCode: address.postalCode ?? '',
  country: address.country,
});

export interface DetailsFormProps {
  initial: { email: string; shippingAddress: AddressInput };
  savedAddresses?: readonly AddressDto[] | undefined;
  signedIn: boolean;
  onCountryChange(country: string): void;
  onSubmit(details: CheckoutDetails): Promise<unknown>;
  /** Everything typed so far, on each change (kept for the tab). */
  onDraft?(draft: { email?: string; shippingAddress?: Partial<AddressInput> }): void;
  /** The initial values are the shopper's own (typed earlier): a saved address must not replace them. */
  restored?: boolean;
}

export function DetailsForm({
  initial,
  savedAddresses,
  signedIn,
  onCountryChange,
  onSubmit,
  onDraft,
  restored = false,
}: DetailsFormProps) {
  const form = useForm({
    resolver,
    defaultValues: { ...initial, saveAddress: false },
    mode: 'onTouched',
  });
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const country = String(useWatch({ control: form.control, name: 'shippingAddress.country' }) ?? '');
  useEffect(() => onCountryChange(country), [country, onCountryChange]);
  // Kept once the shopper has typed (an untouched form is the defaults, or a saved address to come).
  const typed = useWatch({ control: form.control });
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (dirty) onDraft?.(typed);
  }, [dirty, typed, onDraft]);

  // The default saved address fills an untouched form once it arrives. Details the shopper comes
  // back to (Back, Edit details, a reload) are theirs: the saved address they hold is chosen again.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !savedAddresses?.length || form.formState.isDirty) return;
    filled.current = true;
    if (restored) {
      const held = form.getValues('shippingAddress');
      setChosen(savedAddresses.find((a) => sameAddress(toInput(a), held))?.id ?? null);
      return;
    }
    const preferred = savedAddresses.find((a) => a.isDefault) ?? savedAddresses[0]!;
    setChosen(preferred.id);
    form.reset({ ...form.getValues(), shippingAddress: toInput(preferred) });
  }, [savedAddresses, form, restored]);

  const choose = (address: AddressDto) => {
    setChosen(address.id);
    form.reset({ ...form.getValues(), shippingAddress: toInput(address), saveAddress: false });
    // A reset form is not dirty, so the choice is kept for the tab here.
    onDraft?.(form.getValues());
  };

  const submit = form.handleSubmit(async (details) => {
    setError(null);
    try {
      await onSubmit({ ...details, saveAddress: chosen === null && details.saveAddress });
    } catch (caught) {
      if (applyFieldErrors(caught, form.setError, SERVER_FIELDS) === 0) {
        setError(serverMessageOr(caught, CHECKOUT_START_FAILED));
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form
        className="details-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Contact and shipping"
      >
        {error && <Alert>{error}</Alert>}
        <section className="checkout-section" aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="checkout-section__heading">
            Contact
          </h2>
          <Field
            id="checkout-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            hint="We send your order confirmation here."
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
        </section>
        <section className="checkout-section" aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="checkout-section__heading">
            Shipping address
          </h2>
          {savedAddresses && savedAddresses.length > 0 && (
            <fieldset className="saved-addresses">
              <legend>Your saved addresses</legend>
              {savedAddresses.map((address) => (
                <label key={address.id} className="saved-addresses__option">
                  <input
                    type="radio"
                    name="saved-address"
                    checked={chosen === address.id}
                    onChange={() => choose(address)}
                  />
                  <AddressCard address={address} isDefault={address.isDefault} />
                </label>
              ))}
              <label className="saved-addresses__option saved-addresses__option--new">
                <input
                  type="radio"
                  name="saved-address"
                  checked={chosen === null}
                  onChange={() => {
                    setChosen(null);
                    form.reset({ ...form.getValues(), shippingAddress: emptyAddress(country || 'US') });
                  }}
                />
                <span>Use a new address</span>
              </label>
            </fieldset>
          )}
          <AddressFields prefix="shippingAddress." idPrefix="shipping" />
          {signedIn && chosen === null && (
            <label className="checkbox">
              <input type="checkbox" {...form.register('saveAddress')} /> Save this address to my account
            </label>
          )}
        </section>
        <Button type="submit" size="lg" className="checkout-pay" loading={form.formState.isSubmitting}>
          Continue to Payment
        </Button>
      </form>
    </FormProvider>
  );
}
