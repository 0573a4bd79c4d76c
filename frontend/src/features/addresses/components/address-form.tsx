// The account's address form (new and edit): the country-driven fields, a "default" box, and the
// server's per-field messages on the fields when it refuses the address.
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { addressInputSchema, type AddressInput } from '@printshop/shared-events/rules/addresses';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyFieldErrors } from '@/lib/form-errors';
import { serverMessageOr } from '@/lib/server-message';
import type { AddressBody } from '../api/addresses';
import { resolverWithAddress } from '@/lib/address-form';
import { AddressFields } from '@/components/address-fields';
import './addresses.css';

export const ADDRESS_FIELDS = [
  'fullName',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;
export const ADDRESS_SAVE_FAILED = 'Could not save the address. Please try again.';

const resolver = resolverWithAddress(addressInputSchema, '');

export interface AddressFormProps {
  defaultValues: AddressInput;
  submitLabel: string;
  onSubmit(address: AddressBody): Promise<unknown>;
  /** Shown with the default box (hidden when the address is already the default). */
  showDefault?: boolean;
}

export function AddressForm({ defaultValues, submitLabel, onSubmit, showDefault = true }: AddressFormProps) {
  const form = useForm({ resolver, defaultValues, mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (address) => {
    setError(null);
    try {
      await onSubmit(address);
    } catch (caught) {
      if (applyFieldErrors(caught, form.setError, ADDRESS_FIELDS) === 0) {
        setError(serverMessageOr(caught, ADDRESS_SAVE_FAILED));
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form className="address-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Alert>{error}</Alert>}
        <AddressFields />
        {showDefault && (
          <label className="checkbox">
            <input type="checkbox" {...form.register('isDefault')} /> Use as my default address
          </label>
        )}
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </FormProvider>
  );
}
