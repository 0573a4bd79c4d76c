// The address book's Delete asks first in the shop's own dialog, naming the address by its street
// and town (two addresses of one name are told apart), and deletes only on confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { AddressesView } from './addresses-view';

const address = (id: string, line1: string, city: string, isDefault: boolean) => ({
  id,
  fullName: 'Riya Sharma',
  phone: '+91 98765 43210',
  line1,
  city,
  state: 'KA',
  postalCode: '560066',
  country: 'IN',
  isDefault,
});
const book = [address('a', '12 MG Road', 'Bengaluru', true), address('b', '4 Park Street', 'Kolkata', false)];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  server.on('GET /api/addresses', json({ success: true, addresses: book }));
  server.on('DELETE /api/addresses/b', json({ success: true }));
});

const deletes = () => server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url);

// (jsdom's name computation drops the space before the hidden words: the button's text is matched.)
const deleteKolkata = async () =>
  (await screen.findAllByRole('button', { name: /^Delete/ })).find(
    (button) => button.textContent === 'Delete Riya Sharma, 4 Park Street, Kolkata',
  )!;

describe('deleting a saved address', () => {
  it('given two addresses of one name, when Delete is pressed on one, then the dialog names its street and town, and Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    renderApp(<AddressesView />);
    await user.click(await deleteKolkata());

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog.textContent).toContain('Riya Sharma, 4 Park Street, Kolkata');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toEqual([]);
  });

  it('when the deletion is confirmed, then that address alone is deleted and the page says so', async () => {
    const user = userEvent.setup();
    renderApp(<AddressesView />);
    await user.click(await deleteKolkata());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete address' }));

    await screen.findByText('Address deleted.');
    await waitFor(() => expect(deletes()).toEqual(['/api/addresses/b']));
  });
});
