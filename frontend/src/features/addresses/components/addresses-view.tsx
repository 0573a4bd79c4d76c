// The account's address book: every saved address with Edit, Set as default and Delete.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';
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

export function AddressesView() {
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

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
                  Edit<span className="visually-hidden"> address of {address.fullName}</span>
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
                  onClick={() => {
                    if (!window.confirm(`Delete the address of ${address.fullName}?`)) return;
                    void act(
                      `delete-${address.id}`,
                      () => deleteAddress(address.id),
                      ADDRESSES_MESSAGES.deleted,
                      ADDRESSES_MESSAGES.deleteFailed,
                    );
                  }}
                >
                  Delete
                </Button>
              </AddressCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
