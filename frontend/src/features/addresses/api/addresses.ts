// The signed-in customer's address book (API.md "Auth and account"): list, one, create, update,
// delete, make default. Every write reloads the list.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  addressResponseSchema,
  addressesResponseSchema,
  type AddressDto,
} from '@printshop/shared-events/api/account';
import { okSchema } from '@printshop/shared-events/api/common';
import type { Address } from '@printshop/shared-events/rules/addresses';
import { api } from '@/lib/api-client';
import { ADDRESSES_QUERY_ROOT } from './query-key';

export { ADDRESSES_QUERY_ROOT };

export const fetchAddresses = async (signal?: AbortSignal) =>
  (await api.get('/addresses', { schema: addressesResponseSchema, signal })).addresses;

export const useAddresses = (enabled = true) =>
  useQuery({
    queryKey: [ADDRESSES_QUERY_ROOT],
    queryFn: ({ signal }) => fetchAddresses(signal),
    enabled,
  });

export const useAddress = (id: string) =>
  useQuery({
    queryKey: [ADDRESSES_QUERY_ROOT, id],
    queryFn: async ({ signal }) =>
      (await api.get(`/addresses/${encodeURIComponent(id)}`, { schema: addressResponseSchema, signal }))
        .address,
  });

export const refreshAddresses = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [ADDRESSES_QUERY_ROOT] });

/** What the form sends: the parsed address, blank optional lines left out. */
export type AddressBody = Address & { isDefault?: boolean };

export async function createAddress(body: AddressBody): Promise<AddressDto> {
  return (await api.post('/addresses', { schema: addressResponseSchema, json: body })).address;
}

export async function updateAddress(id: string, body: AddressBody): Promise<AddressDto> {
  return (
    await api.put(`/addresses/${encodeURIComponent(id)}`, { schema: addressResponseSchema, json: body })
  ).address;
}

export const deleteAddress = (id: string) =>
  api.delete(`/addresses/${encodeURIComponent(id)}`, { schema: okSchema });

export const setDefaultAddress = (id: string) =>
  api.put(`/addresses/${encodeURIComponent(id)}/default`, { schema: okSchema });
