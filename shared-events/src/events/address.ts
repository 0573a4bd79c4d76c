// The events of a user's address book, stream `addresses-<userId>` (one stream per user: the owner
// is the stream, so nobody else's address can be reached through it).
// The address fields are stored as accepted at the time (postal-address.ts: shape only).
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';
import { postalAddressSchema } from '../postal-address';

export const ADDRESS_STREAM_CATEGORY = 'addresses';
export const addressStreamName = (userId: string): string => `${ADDRESS_STREAM_CATEGORY}-${userId}`;

const at = z.iso.datetime({ offset: true });

export const addressFieldsSchema = postalAddressSchema;
export type AddressFields = z.infer<typeof addressFieldsSchema>;

/** isDefault true: the new address is the default from now on (any other one stops being it). */
export const AddressAdded = defineEvent(
  'AddressAdded',
  addressFieldsSchema.extend({ addressId: z.string(), isDefault: z.boolean(), at }),
);
/** The whole address replaced (PUT): optional fields left out are cleared. */
export const AddressUpdated = defineEvent(
  'AddressUpdated',
  addressFieldsSchema.extend({ addressId: z.string(), at }),
);
export const AddressRemoved = defineEvent('AddressRemoved', z.object({ addressId: z.string(), at }));
/** `addressId` is the default from now on; the previous default stops being it. */
export const DefaultAddressChanged = defineEvent(
  'DefaultAddressChanged',
  z.object({ addressId: z.string(), at }),
);

export const addressEvents = [AddressAdded, AddressUpdated, AddressRemoved, DefaultAddressChanged];

export type AddressEvent =
  | EventOf<typeof AddressAdded>
  | EventOf<typeof AddressUpdated>
  | EventOf<typeof AddressRemoved>
  | EventOf<typeof DefaultAddressChanged>;
