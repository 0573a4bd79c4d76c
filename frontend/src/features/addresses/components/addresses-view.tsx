// The account's address book: every saved address with Edit, Set as default and Delete. Delete asks
// first, naming the address by its street and town: several may carry the same name.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';
import type { AddressDto } from '@printshop/shared-events/api/account';
import { deleteAddress, refreshAddresses, setDefaultAddress, useAddresses } from '../api/addresses';
import { AddressCard } from '@/components/address-card';
import './addresses.css';

export const ADDRESSES_MESSAGES = {
  loadFailed: 'Could not load your addresses.',
  deleteFailed: 'Could not delete the address.',
  defaultFailed: 'Could not change your default address.',
  deleted: 'Address deleted.',
  defaultSet: 'Default address updated.',
} as const;

/** An address as the buttons and the dialog name it: several may carry the same name. */
const spoken = (address: AddressDto) => `${address.fullName}, ${address.line1}, ${address.city}`;

export function AddressesView() {
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [toDelete, setToDelete] = useState<AddressDto | null>(null);

  const act = async (id: string, action: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(id);
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: done });
    } catch (caught) {
      setMessage({ tone: 'error', text: serverMessageOr(caught, failed) });
    } finally {
      setBusy(null);
      await refreshAddresses(queryClient);
    }
  };

  return (
    <section aria-labelledby="addresses-heading">
      <div className="account-section__header">
        <h2 id="addresses-heading" className="account-section__heading">
          Your Addresses
        </h2>
        <ButtonLink to="/account/addresses/new" size="sm">
          Add a new address
        </ButtonLink>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {addresses.isPending ? (
        <Spinner label="Loading your addresses…" />
      ) : addresses.isError ? (
        <Alert>{serverMessageOr(addresses.error, ADDRESSES_MESSAGES.loadFailed)}</Alert>
      ) : addresses.data.length === 0 ? (
        <p className="account-empty">You have no saved addresses yet.</p>
      ) : (
        <ul className="address-list">
          {addresses.data.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} isDefault={address.isDefault}>
                <ButtonLink
                  to={`/account/addresses/${encodeURIComponent(address.id)}/edit`}
                  variant="secondary"
                  size="sm"
                >
                  Edit<span className="visually-hidden"> {spoken(address)}</span>
                </ButtonLink>
                {!address.isDefault && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy !== null}
                    loading={busy === `default-${address.id}`}
                    onClick={() =>
                      void act(
                        `default-${address.id}`,
                        () => setDefaultAddress(address.id),
                        ADDRESSES_MESSAGES.defaultSet,
                        ADDRESSES_MESSAGES.defaultFailed,
                      )
                    }
                  >
                    Set as default
                  </Button>
                )}
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy !== null}
                  loading={busy === `delete-${address.id}`}
                  onClick={() => setToDelete(address)}
                >
                  Delete<span className="visually-hidden"> {spoken(address)}</span>
                </Button>
              </AddressCard>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this address?"
        confirmLabel="Delete address"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const { id } = toDelete;
          setToDelete(null);
          void act(
            `delete-${id}`,
            () => deleteAddress(id),
            ADDRESSES_MESSAGES.deleted,
            ADDRESSES_MESSAGES.deleteFailed,
          );
        }}
      >
        {toDelete && <p>{spoken(toDelete)}. It stays on the orders already sent there.</p>}
      </ConfirmDialog>
    </section>
  );
}
