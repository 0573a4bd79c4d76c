// An address as the lines of a label, in its country's order (rules/addresses.ts addressFormat).
import { addressProfile, findState } from '@printshop/shared-events/rules/addresses';

export interface AddressLike {
  fullName: string;
  phone?: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  state?: string | undefined;
  postalCode?: string | undefined;
  country: string;
}

export function addressLines(address: AddressLike): string[] {
  const profile = addressProfile(address.country);
  const state = address.state ? (findState(address.country, address.state)?.name ?? address.state) : '';
  const lines = [address.fullName, address.line1, address.line2 ?? ''];
  // City, state and postal code share a line, in the country's order.
  const place = profile.addressFormat
    .filter((f) => f === 'city' || f === 'state' || f === 'postalCode')
    .map((f) => (f === 'city' ? address.city : f === 'state' ? state : (address.postalCode ?? '')))
    .filter(Boolean)
    .join(', ');
  return [...lines, place, profile.name].filter((line) => line.trim() !== '');
}
