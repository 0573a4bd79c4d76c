// The address form by country (spec 1 §5, rules/addresses.ts): labels, state lists, postal-code
// and phone rules with the server's own messages, every message at once, and the server's field
// messages on the fields.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '@printshop/shared-events/rules/addresses';
import { configureApiClient } from '@/lib/api-client';
import { emptyAddress } from '@/lib/address-form';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { field, queryField } from '@/test/labels';
import { renderApp } from '@/test/render';
import { createAddress, type AddressBody } from '../api/addresses';
import { AddressForm } from './address-form';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => configureApiClient({ origin: server.origin }));

function renderForm(
  country: string,
  onSubmit: (address: AddressBody) => Promise<unknown> = async () => undefined,
) {
  return renderApp(
    <AddressForm defaultValues={emptyAddress(country)} submitLabel="Save Address" onSubmit={onSubmit} />,
  );
}

const fill = async (label: string, value: string) => {
  const control = field(label);
  await userEvent.clear(control);
  await userEvent.type(control, value);
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

describe('AddressForm', () => {
  it('given an empty US form, when saved, then every message shows at once, the ZIP Code and State ones too', async () => {
    renderForm('US');
    await save();
    expect(await screen.findByText(ADDRESS_MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.line1Required)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.cityRequired)).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('ZIP Code is required')).toBeInTheDocument();
  });

  it('given a US address with a bad ZIP Code, then "Please enter a valid ZIP Code" shows on that field only', async () => {
    const sent: AddressBody[] = [];
    renderForm('US', async (address) => sent.push(address));
    await fill('Full name', 'Ada Lovelace');
    await fill('Phone number', '202 555 0100');
    await fill('Address line 1', '1 Main St');
    await fill('City', 'Springfield');
    await userEvent.selectOptions(field('State'), 'IL');
    await fill('ZIP Code', '1234');
    await save();
    expect(await screen.findByText('Please enter a valid ZIP Code')).toBeInTheDocument();
    expect(field('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('City')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);

    await fill('ZIP Code', '62701-1234');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      country: 'US',
      state: 'IL',
      postalCode: '62701-1234',
      city: 'Springfield',
    });
  });

  it('given a full name and city of emoji only, when saved, then each says it needs a letter and nothing is sent; a Devanagari name passes', async () => {
    const sent: AddressBody[] = [];
    renderForm('IN', async (address) => sent.push(address));
    await fill('Full name', '😀😀😀');
    await fill('Phone number', '81234 56789');
    await fill('Address line 1', '12 Marine Drive');
    await fill('City', '🏙️');
    await userEvent.selectOptions(field('State'), 'MH');
    await fill('PIN Code', '400020');
    await save();
    expect(await screen.findByText('Full name must contain at least one letter')).toBeInTheDocument();
    expect(screen.getByText('City must contain at least one letter')).toBeInTheDocument();
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await fill('Full name', 'प्रिया शर्मा');
    await fill('City', 'मुंबई');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ fullName: 'प्रिया शर्मा', city: 'मुंबई' });
  });

  it('given Japan, when 1500001 is typed without its hyphen and the field left, then it shows 150-0001 and is saved so', async () => {
    const sent: AddressBody[] = [];
    renderForm('JP', async (address) => sent.push(address));
    await fill('Full name', '山田太郎');
    await fill('Phone number', '090-1234-5678');
    await fill('Postal Code', '1500001');
    await userEvent.tab();
    expect(field('Postal Code')).toHaveValue('150-0001');
    await fill('Prefecture', '東京都');
    await fill('City', '渋谷区');
    await fill('Address line 1', '神宮前1-2-3');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ country: 'JP', postalCode: '150-0001' });
  });

  it('given the United Kingdom, when sw1a1aa is typed and the field left, then it shows SW1A 1AA', async () => {
    renderForm('GB');
    await fill('Postcode', 'sw1a1aa');
    await userEvent.tab();
    expect(field('Postcode')).toHaveValue('SW1A 1AA');
  });

  it('given the United Kingdom, then the field is a Postcode with its own message and there is no state', async () => {
    renderForm('GB');
    expect(queryField('State')).toBeNull();
    await fill('Postcode', 'NOT A CODE');
    await save();
    expect(await screen.findByText('Please enter a valid Postcode')).toBeInTheDocument();
  });

  it('given India, then the PIN Code needs 6 digits', async () => {
    renderForm('IN');
    await fill('PIN Code', '12345');
    await save();
    expect(await screen.findByText('Please enter a valid PIN Code')).toBeInTheDocument();
  });

  it("given India, then the State is chosen from India's states and union territories", () => {
    renderForm('IN');
    const state = field('State');
    expect(state.tagName).toBe('SELECT');
    expect(screen.getByRole('option', { name: 'Karnataka' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ladakh' })).toBeInTheDocument();
  });

  it('given Canada, then the Province list replaces the State list', async () => {
    renderForm('CA');
    const province = field('Province');
    expect(province.tagName).toBe('SELECT');
    expect(screen.getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Province is required')).toBeInTheDocument();
  });

  it('given Singapore, then the city is optional; given Hong Kong, then there is no postal code at all', async () => {
    const { unmount } = renderForm('SG');
    expect(field('City (optional)')).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Postal Code is required')).toBeInTheDocument();
    expect(screen.queryByText(ADDRESS_MESSAGES.cityRequired)).toBeNull();
    unmount();
    renderForm('HK');
    expect(queryField('Postal Code')).toBeNull();
  });

  it('when the country changes, then the labels follow it', async () => {
    renderForm('US');
    expect(field('ZIP Code')).toBeInTheDocument();
    await userEvent.selectOptions(field('Country'), 'JP');
    expect(field('Prefecture')).toBeInTheDocument();
    expect(field('Postal Code')).toHaveAttribute('placeholder', '100-0001');
  });

  it('given a phone number of the wrong length for the country, then "Please enter a valid phone number" shows', async () => {
    renderForm('GB');
    await fill('Phone number', '123');
    await save();
    expect(await screen.findByText(ADDRESS_MESSAGES.phoneInvalid)).toBeInTheDocument();
  });

  it('given the server refuses a field, then its message shows on that field', async () => {
    server.on(
      'POST /api/addresses',
      json(
        {
          success: false,
          message: 'Some fields are not valid',
          code: 'VALIDATION_ERROR',
          errors: { line1: 'Address line 1 is not deliverable' },
        },
        400,
      ),
    );
    renderForm('GB', createAddress);
    await fill('Full name', 'Ada Lovelace');
    await fill('Phone number', '020 7946 0958');
    await fill('Address line 1', '10 Downing St');
    await fill('City', 'London');
    await fill('Postcode', 'SW1A 2AA');
    await save();
    expect(await screen.findByText('Address line 1 is not deliverable')).toBeInTheDocument();
    expect(field('Address line 1')).toHaveAttribute('aria-invalid', 'true');
  });
});
