// The addresses read model (GET /api/addresses): one row per saved address, keyed by its id, with
// its owner. Rows follow from the events alone (their `at`, never now()), so a rebuild is identical.
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import {
  ADDRESS_STREAM_CATEGORY,
  type AddressEvent,
  type AddressFields,
} from '@printshop/shared-events/events/address';
import {
  ADDRESSES_PROJECTION,
  ADDRESSES_READ_MODEL,
  ADDRESSES_TABLE,
} from '@printshop/shared-events/addresses-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { ADDRESSES_PROJECTION, ADDRESSES_TABLE };

/** `addresses-<userId>` -> userId (user ids may contain '-'). */
const ownerOf = (streamName: string) => streamName.slice(ADDRESS_STREAM_CATEGORY.length + 1);

const columns = (fields: AddressFields) => ({
  full_name: fields.fullName,
  phone: fields.phone,
  line1: fields.line1,
  line2: fields.line2 ?? null,
  city: fields.city,
  state: fields.state ?? null,
  postal_code: fields.postalCode ?? null,
  country: fields.country,
});

async function applyOne(event: AddressEvent, recorded: RecordedEvent, trx: Knex.Transaction, schema: string) {
  const table = () => trx.withSchema(schema).table(ADDRESSES_TABLE);
  const userId = ownerOf(recorded.streamName);
  // Two statements, never one swapping flags: Postgres checks the one-default index row by row.
  const clearDefault = () =>
    table().where({ user_id: userId, is_default: true }).update({ is_default: false });
  switch (event.type) {
    case 'AddressAdded': {
      const { data } = event;
      if (data.isDefault) await clearDefault();
      await table()
        .insert({
          id: data.addressId,
          user_id: userId,
          ...columns(data),
          is_default: data.isDefault,
          added_position: recorded.position,
          created_at: data.at,
          updated_at: data.at,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'AddressUpdated':
      await table()
        .where({ id: event.data.addressId, user_id: userId })
        .update({ ...columns(event.data), updated_at: event.data.at });
      return;
    case 'AddressRemoved':
      await table().where({ id: event.data.addressId, user_id: userId }).delete();
      return;
    case 'DefaultAddressChanged':
      await clearDefault();
      await table()
        .where({ id: event.data.addressId, user_id: userId })
        .update({ is_default: true, updated_at: event.data.at });
      return;
  }
}

export const addressesProjection: Projection<AddressEvent> = {
  name: ADDRESSES_PROJECTION,
  eventTypes: ['AddressAdded', 'AddressUpdated', 'AddressRemoved', 'DefaultAddressChanged'],
  tables: ADDRESSES_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, ADDRESSES_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) {
      await applyOne(recorded, recorded, trx, schema);
    }
  },
};
