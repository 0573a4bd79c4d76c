// The users read model (GET /api/auth/me, the admin's list, the gateway's current-account check):
// one row per account. Order counts and spend join in when the money path exists. Rows follow from
// the events alone (their own times), so a rebuild is identical.
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { USER_EVENT_TYPES, USER_STREAM_CATEGORY, type UserEvent } from '@printshop/shared-events/events/user';
import { USERS_PROJECTION, USERS_READ_MODEL, USERS_TABLE } from '@printshop/shared-events/users-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { USERS_PROJECTION, USERS_TABLE };

/** `user-<userId>` -> userId (ids may contain '-'). */
const userIdOf = (streamName: string) => streamName.slice(USER_STREAM_CATEGORY.length + 1);

async function applyOne(event: UserEvent, recorded: RecordedEvent, trx: Knex.Transaction, schema: string) {
  const row = () =>
    trx
      .withSchema(schema)
      .table(USERS_TABLE)
      .where({ id: userIdOf(recorded.streamName) });
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      // No conflict target: the e-mail reservation keeps keys unique; should two registrations of
      // one key ever land, the first stays listed rather than the projection stopping for good.
      await trx
        .withSchema(schema)
        .table(USERS_TABLE)
        .insert({
          id: userIdOf(recorded.streamName),
          email: data.email,
          email_key: data.emailKey,
          first_name: data.firstName,
          last_name: data.lastName,
          is_admin: false,
          password_changed_at: null,
          registered_at: data.registeredAt,
        })
        .onConflict()
        .ignore();
      return;
    }
    case 'PasswordChanged':
      await row().update({ password_changed_at: event.data.changedAt });
      return;
    case 'AdminGranted':
      await row().update({ is_admin: true });
      return;
    case 'AdminRevoked':
      await row().update({ is_admin: false });
      return;
    default:
      return; // reset requests change nothing listed here
  }
}

export const usersProjection: Projection<UserEvent> = {
  name: USERS_PROJECTION,
  eventTypes: USER_EVENT_TYPES,
  tables: USERS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, USERS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) await applyOne(recorded, recorded, trx, schema);
  },
};
