// /account/addresses: the address book.
import { PageMeta } from '@/components/page-meta';
import { AddressesView } from '@/features/addresses/components/addresses-view';

export function Component() {
  return (
    <>
      <PageMeta title="Your Addresses" />
      <AddressesView />
    </>
  );
}
