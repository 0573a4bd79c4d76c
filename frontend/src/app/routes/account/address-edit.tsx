// /account/addresses/:addressId/edit: change a saved address.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/spinner';
import { refreshAddresses, updateAddress, useAddress } from '@/features/addresses/api/addresses';
import { AddressForm } from '@/features/addresses/components/address-form';
import { serverMessageOr } from '@/lib/server-message';

export function Component() {
  const { addressId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const address = useAddress(addressId);
  return (
    <section aria-labelledby="edit-address-heading">
      <PageMeta title="Edit Address" />
      <p>
        <Link to="/account/addresses" className="back-link">
          ← Your addresses
        </Link>
      </p>
      <h2 id="edit-address-heading" className="account-section__heading">
        Edit address
      </h2>
      {address.isPending ? (
        <Spinner label="Loading the address…" />
      ) : address.isError ? (
        <Alert>{serverMessageOr(address.error, 'Could not load this address.')}</Alert>
      ) : (
        <AddressForm
          defaultValues={{
            fullName: address.data.fullName,
            phone: address.data.phone,
            line1: address.data.line1,
            line2: address.data.line2 ?? '',
            city: address.data.city,
            state: address.data.state ?? '',
            postalCode: address.data.postalCode ?? '',
            country: address.data.country,
            isDefault: address.data.isDefault,
          }}
          showDefault={!address.data.isDefault}
          submitLabel="Save Changes"
          onSubmit={async (changed) => {
            await updateAddress(addressId, changed);
            await refreshAddresses(queryClient);
            navigate('/account/addresses');
          }}
        />
      )}
    </section>
  );
}
