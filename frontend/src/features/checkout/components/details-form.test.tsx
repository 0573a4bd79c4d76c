// The checkout's details with saved addresses: the choice of a saved address is kept for the tab
// and shown again when the shopper comes back to the details (Back, Edit details, a reload).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AddressDto } from '@printshop/shared-events/api/account';
import { renderApp } from '@/test/render';
import { DetailsForm } from './details-form';

const home: AddressDto = {
  id: 'a-home',
  fullName: 'Asha Rao',
  phone: '+919812345678',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'KA',
  postalCode: '560001',
  country: 'IN',
  isDefault: true,
};
const office: AddressDto = {
  ...home,
  id: 'a-office',
  line1: '4 Residency Road',
  postalCode: '560025',
  isDefault: false,
};
const { id: _id, isDefault: _default, ...officeInput } = office;

const radio = (line: string) => screen.getByRole('radio', { name: new RegExp(line) });

function renderForm(props: {
  initial?: { email: string; shippingAddress: typeof officeInput };
  restored?: boolean;
}) {
  const onDraft = vi.fn();
  renderApp(
    <DetailsForm
      initial={props.initial ?? { email: 'asha@example.com', shippingAddress: { ...officeInput, line1: '' } }}
      savedAddresses={[home, office]}
      signedIn
      onCountryChange={() => undefined}
      onSubmit={async () => undefined}
      onDraft={onDraft}
      restored={props.restored ?? false}
    />,
  );
  return { onDraft };
}

describe('saved addresses at checkout', () => {
  it('given a fresh form, then the default address is chosen and filled in', () => {
    renderForm({});
    expect(radio('12 MG Road')).toBeChecked();
    expect(screen.getByLabelText(/Address line 1/)).toHaveValue('12 MG Road');
  });

  it('given the shopper picks another saved address, then it is kept for the tab (a reload shows it again)', async () => {
    const user = userEvent.setup();
    const { onDraft } = renderForm({});
    await user.click(radio('4 Residency Road'));
    expect(onDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ shippingAddress: expect.objectContaining({ line1: '4 Residency Road' }) }),
    );
  });

  it('given the shopper comes back to the details with a saved address they chose, then that address is chosen, not "Use a new address"', () => {
    renderForm({ initial: { email: 'asha@example.com', shippingAddress: officeInput }, restored: true });
    expect(radio('4 Residency Road')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Use a new address' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Save this address/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Address line 1/)).toHaveValue('4 Residency Road');
  });

  it('given the shopper comes back with an address they typed, then "Use a new address" stays chosen', () => {
    renderForm({
      initial: { email: 'asha@example.com', shippingAddress: { ...officeInput, line1: '9 Brigade Road' } },
      restored: true,
    });
    expect(screen.getByRole('radio', { name: 'Use a new address' })).toBeChecked();
    expect(screen.getByLabelText(/Address line 1/)).toHaveValue('9 Brigade Road');
  });
});
