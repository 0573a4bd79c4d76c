// The address book's rules, pure: the first address becomes the default; there is one default at a
// time; removing the default hands it to the most recently added address left; at most 50 addresses.
// Ids and times arrive in the command.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken } from '@printshop/shared-events/errors';
import type { AddressEvent, AddressFields } from '@printshop/shared-events/events/address';
import {
  evolveAddressBook,
  findAddress,
  initialAddressBook,
  type AddressBook,
  type SavedAddress,
} from './address-book';

export const MAX_ADDRESSES = 50;
export const ADDRESS_NOT_FOUND = 'Address not found';

export type AddressCommand =
  | {
      type: 'AddAddress';
      data: { addressId: string; address: AddressFields; makeDefault?: boolean; at: string };
    }
  | {
      type: 'UpdateAddress';
      data: { addressId: string; address: AddressFields; makeDefault?: boolean; at: string };
    }
  | { type: 'RemoveAddress'; data: { addressId: string; at: string } }
  | { type: 'SetDefaultAddress'; data: { addressId: string; at: string } };

function existing(book: AddressBook, id: string): SavedAddress {
  const address = findAddress(book, id);
  if (!address) throw new NotFound(ADDRESS_NOT_FOUND);
  return address;
}

const FIELDS = ['fullName', 'phone', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
const sameFields = (a: AddressFields, b: AddressFields) => FIELDS.every((field) => a[field] === b[field]);

export function decideAddress(command: AddressCommand, book: AddressBook): AddressEvent[] {
  const { addressId, at } = command.data;
  switch (command.type) {
    case 'AddAddress': {
      if (findAddress(book, addressId)) throw new Conflict('This address already exists');
      if (book.addresses.length >= MAX_ADDRESSES) {
        throw new RuleBroken(`You can save at most ${MAX_ADDRESSES} addresses`);
      }
      const isDefault = book.addresses.length === 0 || command.data.makeDefault === true;
      return [{ type: 'AddressAdded', data: { addressId, ...command.data.address, isDefault, at } }];
    }
    case 'UpdateAddress': {
      const current = existing(book, addressId);
      const events: AddressEvent[] = [];
      if (!sameFields(current, command.data.address)) {
        events.push({ type: 'AddressUpdated', data: { addressId, ...command.data.address, at } });
      }
      // `isDefault: false` is not "no default": a non-empty book always has one, moved by choosing another.
      if (command.data.makeDefault === true && !current.isDefault) {
        events.push({ type: 'DefaultAddressChanged', data: { addressId, at } });
      }
      return events;
    }
    case 'RemoveAddress': {
      const removed = existing(book, addressId);
      const events: AddressEvent[] = [{ type: 'AddressRemoved', data: { addressId, at } }];
      const heir = book.addresses.filter((a) => a.id !== addressId).at(-1);
      if (removed.isDefault && heir) {
        events.push({ type: 'DefaultAddressChanged', data: { addressId: heir.id, at } });
      }
      return events;
    }
    case 'SetDefaultAddress':
      return existing(book, addressId).isDefault
        ? []
        : [{ type: 'DefaultAddressChanged', data: { addressId, at } }];
  }
}

export const addressDecider: Decider<AddressBook, AddressCommand, AddressEvent> = {
  initialState: initialAddressBook,
  evolve: evolveAddressBook,
  decide: decideAddress,
};
