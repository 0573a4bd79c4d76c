// A user's address book as its command side sees it: the addresses in the order they were added,
// at most one of them the default.
import type { AddressEvent, AddressFields } from '@printshop/shared-events/events/address';

export interface SavedAddress extends AddressFields {
  id: string;
  isDefault: boolean;
}

export interface AddressBook {
  /** Oldest first: removing the default hands it to the last one here. */
  addresses: readonly SavedAddress[];
}

export const initialAddressBook = (): AddressBook => ({ addresses: [] });

const fieldsOf = (data: AddressFields): AddressFields => ({
  fullName: data.fullName,
  phone: data.phone,
  line1: data.line1,
  line2: data.line2,
  city: data.city,
  state: data.state,
  postalCode: data.postalCode,
  country: data.country,
});

export function evolveAddressBook(book: AddressBook, event: AddressEvent): AddressBook {
  const { addresses } = book;
  switch (event.type) {
    case 'AddressAdded': {
      const { addressId, isDefault } = event.data;
      const others = isDefault ? addresses.map((a) => ({ ...a, isDefault: false })) : addresses;
      return { addresses: [...others, { id: addressId, ...fieldsOf(event.data), isDefault }] };
    }
    case 'AddressUpdated':
      return {
        addresses: addresses.map((a) =>
          a.id === event.data.addressId ? { id: a.id, ...fieldsOf(event.data), isDefault: a.isDefault } : a,
        ),
      };
    case 'AddressRemoved':
      return { addresses: addresses.filter((a) => a.id !== event.data.addressId) };
    case 'DefaultAddressChanged':
      return { addresses: addresses.map((a) => ({ ...a, isDefault: a.id === event.data.addressId })) };
    default:
      return book;
  }
}

export const findAddress = (book: AddressBook, id: string): SavedAddress | undefined =>
  book.addresses.find((a) => a.id === id);
