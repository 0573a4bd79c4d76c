// The address book's rules as given events / when command / then events or error.
import { describe, expect, it } from 'vitest';
import { Conflict, NotFound, RuleBroken } from '@printshop/shared-events/errors';
import type { AddressEvent, AddressFields } from '@printshop/shared-events/events/address';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { fold } from '@printshop/shared-events/decider';
import { addressDecider, MAX_ADDRESSES } from './decide';

const spec = deciderSpec(addressDecider);
const at = '2025-03-01T10:00:00.000Z';
const later = '2025-03-02T10:00:00.000Z';

const home: AddressFields = {
  fullName: 'Ada Lovelace',
  phone: '+1 201-555-0123',
  line1: '12 Example Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};
const work: AddressFields = {
  fullName: 'Ada Lovelace',
  phone: '+44 20 7946 0958',
  line1: '1 Work Lane',
  line2: 'Floor 3',
  city: 'London',
  postalCode: 'SW1A 1AA',
  country: 'GB',
};

const added = (addressId: string, fields: AddressFields, isDefault: boolean): AddressEvent => ({
  type: 'AddressAdded',
  data: { addressId, ...fields, isDefault, at },
});
const defaultChanged = (addressId: string, when = later): AddressEvent => ({
  type: 'DefaultAddressChanged',
  data: { addressId, at: when },
});

describe('adding an address', () => {
  it('given no address, when one is added, then it becomes the default', () => {
    spec
      .given([])
      .when({ type: 'AddAddress', data: { addressId: 'a1', address: home, at } })
      .then([added('a1', home, true)]);
  });

  it('given a default, when another is added, then the new one is not the default', () => {
    spec
      .given([added('a1', home, true)])
      .when({ type: 'AddAddress', data: { addressId: 'a2', address: work, at } })
      .then([added('a2', work, false)]);
  });

  it('given a default, when another is added as default, then it takes the default alone', () => {
    const events = [added('a1', home, true), added('a2', work, true)];
    spec
      .given([added('a1', home, true)])
      .when({ type: 'AddAddress', data: { addressId: 'a2', address: work, makeDefault: true, at } })
      .then([added('a2', work, true)]);
    expect(fold(addressDecider, events).addresses.map((a) => [a.id, a.isDefault])).toEqual([
      ['a1', false],
      ['a2', true],
    ]);
  });

  it(`given ${MAX_ADDRESSES} addresses, when one more is added, then the cap refuses it`, () => {
    const full = Array.from({ length: MAX_ADDRESSES }, (_, i) => added(`a${i}`, home, i === 0));
    spec
      .given(full)
      .when({ type: 'AddAddress', data: { addressId: 'extra', address: home, at } })
      .thenThrows(RuleBroken, `You can save at most ${MAX_ADDRESSES} addresses`);
    spec
      .given(full.slice(1))
      .when({ type: 'AddAddress', data: { addressId: 'extra', address: home, at } })
      .then([added('extra', home, false)]);
  });

  it('given an address, when one with the same id is added, then it is a conflict', () => {
    spec
      .given([added('a1', home, true)])
      .when({ type: 'AddAddress', data: { addressId: 'a1', address: work, at } })
      .thenThrows(Conflict);
  });
});

describe('updating an address', () => {
  it('given an address, when it is replaced, then AddressUpdated carries every field', () => {
    const { state: _state, ...withoutState } = { ...home, country: 'SG', city: '', postalCode: '018956' };
    spec
      .given([added('a1', home, true)])
      .when({ type: 'UpdateAddress', data: { addressId: 'a1', address: withoutState, at: later } })
      .then([{ type: 'AddressUpdated', data: { addressId: 'a1', ...withoutState, at: later } }]);
  });

  it('given an address, when it is sent unchanged, then nothing happens', () => {
    spec
      .given([added('a1', home, true)])
      .when({ type: 'UpdateAddress', data: { addressId: 'a1', address: { ...home }, at: later } })
      .then([]);
  });

  it('given two addresses, when the second is updated as default, then the default moves to it', () => {
    spec
      .given([added('a1', home, true), added('a2', work, false)])
      .when({ type: 'UpdateAddress', data: { addressId: 'a2', address: work, makeDefault: true, at: later } })
      .then([defaultChanged('a2')]);
  });

  it('given the default, when it is updated with isDefault false, then it stays the default', () => {
    const moved = { ...home, line1: '13 Example Street' };
    spec
      .given([added('a1', home, true), added('a2', work, false)])
      .when({
        type: 'UpdateAddress',
        data: { addressId: 'a1', address: moved, makeDefault: false, at: later },
      })
      .then([{ type: 'AddressUpdated', data: { addressId: 'a1', ...moved, at: later } }]);
  });

  it('given no such address, when it is updated, then NotFound', () => {
    spec
      .given([added('a1', home, true), { type: 'AddressRemoved', data: { addressId: 'a1', at } }])
      .when({ type: 'UpdateAddress', data: { addressId: 'a1', address: home, at: later } })
      .thenThrows(NotFound, 'Address not found');
  });
});

describe('removing an address', () => {
  it('given a default and others, when the default is removed, then the most recently added left is default', () => {
    spec
      .given([added('a1', home, true), added('a2', work, false), added('a3', home, false)])
      .when({ type: 'RemoveAddress', data: { addressId: 'a1', at: later } })
      .then([{ type: 'AddressRemoved', data: { addressId: 'a1', at: later } }, defaultChanged('a3')]);
  });

  it('given a default and others, when another one is removed, then the default stays', () => {
    spec
      .given([added('a1', home, true), added('a2', work, false), added('a3', home, false)])
      .when({ type: 'RemoveAddress', data: { addressId: 'a3', at: later } })
      .then([{ type: 'AddressRemoved', data: { addressId: 'a3', at: later } }]);
  });

  it('given only the default, when it is removed, then no default is left', () => {
    const events: AddressEvent[] = [{ type: 'AddressRemoved', data: { addressId: 'a1', at: later } }];
    spec
      .given([added('a1', home, true)])
      .when({ type: 'RemoveAddress', data: { addressId: 'a1', at: later } })
      .then(events);
    expect(fold(addressDecider, [added('a1', home, true), ...events]).addresses).toEqual([]);
  });

  it('given no such address, when it is removed, then NotFound', () => {
    spec
      .given([added('a1', home, true)])
      .when({ type: 'RemoveAddress', data: { addressId: 'nope', at } })
      .thenThrows(NotFound, 'Address not found');
  });
});

describe('choosing the default', () => {
  it('given two addresses, when the second is made default, then the default moves', () => {
    const events = [added('a1', home, true), added('a2', work, false), defaultChanged('a2')];
    spec
      .given(events.slice(0, 2))
      .when({ type: 'SetDefaultAddress', data: { addressId: 'a2', at: later } })
      .then([defaultChanged('a2')]);
    expect(
      fold(addressDecider, events)
        .addresses.filter((a) => a.isDefault)
        .map((a) => a.id),
    ).toEqual(['a2']);
  });

  it('given the default, when it is made default again, then nothing happens', () => {
    spec
      .given([added('a1', home, true), added('a2', work, false)])
      .when({ type: 'SetDefaultAddress', data: { addressId: 'a1', at: later } })
      .then([]);
  });

  it('given no such address, when it is made default, then NotFound', () => {
    spec
      .given([])
      .when({ type: 'SetDefaultAddress', data: { addressId: 'a1', at } })
      .thenThrows(NotFound, 'Address not found');
  });
});
