// A signed-in customer's cart ships to their default address's country until they choose one
// (spec 1 §9). The address book is asked for only once someone is signed in, and its code (schemas,
// client) is fetched then too, so the first page of a visitor carries none of it.
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { ADDRESSES_QUERY_ROOT } from '@/features/addresses/api/query-key';
import { accountCountryAtom } from '@/lib/currency/currency-store';
import { useSession } from '@/lib/session/use-session';

export function useAccountShipTo() {
  const { user } = useSession();
  const setAccountCountry = useSetAtom(accountCountryAtom);
  const { data } = useQuery({
    queryKey: [ADDRESSES_QUERY_ROOT],
    queryFn: async ({ signal }) =>
      (await import('@/features/addresses/api/addresses')).fetchAddresses(signal),
    enabled: user !== null,
  });
  const country = user ? (data?.find((address) => address.isDefault)?.country ?? null) : null;
  useEffect(() => setAccountCountry(country), [country, setAccountCountry]);
}
