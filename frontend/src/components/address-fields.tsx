// The address fields, driven by the chosen country's profile (rules/addresses.ts): its field order,
// labels, state list, postal-code example and phone format; a postal code or phone number left in
// its field is written the country's way. Lives inside a react-hook-form form (FormProvider);
// `prefix` places the address in a larger value ('shippingAddress.').
import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import { get, useFormContext, useWatch, type FieldError, type FieldValues } from 'react-hook-form';
import {
  addressProfile,
  countryChoices,
  findState,
  isCityRequired,
  isStateRequired,
  type AddressField,
} from '@printshop/shared-events/rules/addresses';
import { formatPhone } from '@printshop/shared-events/rules/phone';
import { normalizePostalCode } from '@printshop/shared-events/rules/postal-codes';
import { UNLISTED_COUNTRY_MESSAGE } from '@printshop/shared-events/rules/shipping';
import { Field, SelectField } from './field';
import './address-fields.css';

export function AddressFields({ prefix = '', idPrefix = 'address' }: { prefix?: string; idPrefix?: string }) {
  const { register, formState, setValue, getValues, trigger } = useFormContext<FieldValues>();
  const name = (field: string) => `${prefix}${field}`;
  const error = (field: string): string | undefined =>
    (get(formState.errors, name(field)) as FieldError | undefined)?.message;
  const country = String(useWatch({ name: name('country') }) ?? 'US');
  const profile = addressProfile(country);
  const stateRequired = isStateRequired(country);
  const cityRequired = isCityRequired(country);

  const countries = useMemo(
    () => countryChoices(country).map(({ code, name }) => ({ value: code, label: name })),
    [country],
  );

  // A state or postal code of the previous country means nothing in the new one; once the form
  // has been submitted, the messages are re-checked for the new country at once.
  const countryField = register(name('country'));
  const changeCountry = async (event: ChangeEvent<HTMLSelectElement>) => {
    await countryField.onChange(event);
    const next = addressProfile(event.target.value);
    const state = getValues(name('state'));
    if (state && (!next.stateLabel || (next.states && !findState(next.code, state))))
      setValue(name('state'), '');
    if (!next.postalCodeFormat && getValues(name('postalCode'))) setValue(name('postalCode'), '');
    if (formState.isSubmitted) void trigger();
  };

  const id = (field: string) => `${idPrefix}-${field}`;
  // Left, it reads as the server stores it: '1500001' in Japan is '150-0001' (rules/postal-codes.ts).
  const postalCode = register(name('postalCode'));
  const fields: Record<AddressField, ReactNode> = {
    line1: (
      <Field
        key="line1"
        id={id('line1')}
        label="Address line 1"
        autoComplete="address-line1"
        required
        error={error('line1')}
        {...register(name('line1'))}
      />
    ),
    line2: (
      <Field
        key="line2"
        id={id('line2')}
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        error={error('line2')}
        {...register(name('line2'))}
      />
    ),
    city: (
      <Field
        key="city"
        id={id('city')}
        label={cityRequired ? 'City' : 'City (optional)'}
        autoComplete="address-level2"
        required={cityRequired}
        error={error('city')}
        {...register(name('city'))}
      />
    ),
    state: profile.stateLabel ? (
      profile.states ? (
        <SelectField
          key="state"
          id={id('state')}
          label={profile.stateLabel}
          autoComplete="address-level1"
          required={stateRequired}
          error={error('state')}
          options={[
            { value: '', label: `Select ${profile.stateLabel}` },
            ...profile.states.map((s) => ({ value: s.code, label: s.name })),
          ]}
          {...register(name('state'))}
        />
      ) : (
        <Field
          key="state"
          id={id('state')}
          label={stateRequired ? profile.stateLabel : `${profile.stateLabel} (optional)`}
          autoComplete="address-level1"
          required={stateRequired}
          error={error('state')}
          {...register(name('state'))}
        />
      )
    ) : null,
    postalCode: profile.postalCodeFormat ? (
      <Field
        key="postalCode"
        id={id('postalCode')}
        label={profile.postalCodeLabel}
        autoComplete="postal-code"
        placeholder={profile.postalCodeFormat}
        hint={`For example ${profile.postalCodeFormat}`}
        required
        error={error('postalCode')}
        {...postalCode}
        onBlur={(event) => {
          const value = event.target.value;
          if (value.trim()) setValue(name('postalCode'), normalizePostalCode(country, value));
          return postalCode.onBlur(event);
        }}
      />
    ) : null,
  };

  const phone = register(name('phone'));
  return (
    <div className="address-fields">
      <SelectField
        id={id('country')}
        label="Country"
        autoComplete="country"
        required
        options={countries}
        error={error('country')}
        hint={UNLISTED_COUNTRY_MESSAGE}
        {...countryField}
        onChange={(event) => void changeCountry(event)}
      />
      <Field
        id={id('fullName')}
        label="Full name"
        autoComplete="name"
        required
        error={error('fullName')}
        {...register(name('fullName'))}
      />
      <Field
        id={id('phone')}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        placeholder={profile.phoneFormat}
        hint={
          profile.phoneCode
            ? `${profile.name} numbers start with ${profile.phoneCode}; for example ${profile.phoneFormat}`
            : undefined
        }
        error={error('phone')}
        {...phone}
        onBlur={(event) => {
          const value = event.target.value;
          if (value.trim()) setValue(name('phone'), formatPhone(country, value));
          return phone.onBlur(event);
        }}
      />
      <div className="address-fields__lines">{profile.addressFormat.map((field) => fields[field])}</div>
    </div>
  );
}
