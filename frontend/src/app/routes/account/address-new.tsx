// /account/addresses/new: add an address, in the visitor's country to begin with.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ADDRESS_PROFILES } from '@printshop/shared-events/rules/addresses';
import { PageMeta } from '@/components/page-meta';
import { createAddress, refreshAddresses } from '@/features/addresses/api/addresses';
import { AddressForm } from '@/features/addresses/components/address-form';
import { emptyAddress } from '@/lib/address-form';
import { useCurrency } from '@/lib/currency/use-currency';

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { country } = useCurrency();
  return (
    <section aria-labelledby="new-address-heading">
      <PageMeta title="Add an Address" />
      <p>
        <Link to="/account/addresses" className="back-link">
          ← Your addresses
        </Link>
      </p>
      <h2 id="new-address-heading" className="account-section__heading">
        Add a new address
      </h2>
      <AddressForm
        defaultValues={emptyAddress(country in ADDRESS_PROFILES ? country : 'US')}
        submitLabel="Save Address"
        onSubmit={async (address) => {
          await createAddress(address);
          await refreshAddresses(queryClient);
          navigate('/account/addresses');
        }}
      />
    </section>
  );
}
