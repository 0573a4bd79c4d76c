// The addresses read model over the real Postgres store: commands through the address decider,
// the projection runner building rm_addresses, and a rebuild that yields the same rows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleCommand } from '@printshop/command-service/handle-command';
import { addressDecider, type AddressCommand } from '@printshop/command-service/address/decide';
import { addressesProjection } from '@printshop/projections/addresses/addresses-projection';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { startProjections, type ProjectionRunner } from '@printshop/projections/runner/projection-runner';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { addressStreamName, type AddressFields } from '@printshop/shared-events/events/address';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

let subject: TestStore;
let runner: ProjectionRunner;
let lastPosition = 0;

beforeAll(async () => {
  subject = await createTestStore('addresses_projection', { registry: new EventRegistry(allEvents) });
  await migrateProjections(subject.db);
  runner = startProjections({
    db: subject.db,
    store: subject.store,
    projections: [addressesProjection],
    lockRetryMs: 100,
  });
});
afterAll(async () => {
  await runner?.stop();
  await closeProgressListener(subject.db);
  await subject?.close();
});

const at = '2025-03-01T10:00:00.000Z';
const address = (line1: string, extra: Partial<AddressFields> = {}): AddressFields => ({
  fullName: 'Ada Lovelace',
  phone: '+1 201-555-0123',
  line1,
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
  ...extra,
});

async function run(userId: string, command: AddressCommand) {
  const result = await handleCommand(subject.store, addressStreamName(userId), addressDecider, command);
  if (result.position !== undefined) lastPosition = result.position;
}

const rowsOf = async (userId: string) => {
  expect(await waitForPosition(subject.db, ['addresses'], lastPosition, 10_000)).toBe(true);
  return subject.db
    .withSchema(readModelSchema('addresses'))
    .table('addresses')
    .where({ user_id: userId })
    .orderBy('added_position')
    .select('id', 'line1', 'line2', 'state', 'is_default');
};

it('given adds, an update, a new default and a removal, then the rows follow, one default per user', async () => {
  // given two users' address books (user ids with dashes, as uuids have)
  const ada = 'user-ada-1';
  const bob = 'user-bob-2';
  await run(ada, { type: 'AddAddress', data: { addressId: 'a1', address: address('1 First St'), at } });
  await run(ada, {
    type: 'AddAddress',
    data: { addressId: 'a2', address: address('2 Second St', { line2: 'Apt 4' }), at },
  });
  await run(ada, { type: 'AddAddress', data: { addressId: 'a3', address: address('3 Third St'), at } });
  await run(bob, { type: 'AddAddress', data: { addressId: 'b1', address: address('9 Bob St'), at } });
  expect(await rowsOf(ada)).toEqual([
    { id: 'a1', line1: '1 First St', line2: null, state: 'IL', is_default: true },
    { id: 'a2', line1: '2 Second St', line2: 'Apt 4', state: 'IL', is_default: false },
    { id: 'a3', line1: '3 Third St', line2: null, state: 'IL', is_default: false },
  ]);

  // when a2 is replaced without its second line and state, a2 becomes default, then a2 is removed
  const { state: _state, ...sg } = address('2 Second St', { country: 'SG', city: '', postalCode: '018956' });
  await run(ada, { type: 'UpdateAddress', data: { addressId: 'a2', address: sg, at } });
  await run(ada, { type: 'SetDefaultAddress', data: { addressId: 'a2', at } });
  expect((await rowsOf(ada)).map((row) => [row.id, row.line2, row.state, row.is_default])).toEqual([
    ['a1', null, 'IL', false],
    ['a2', null, null, true],
    ['a3', null, 'IL', false],
  ]);
  await run(ada, { type: 'RemoveAddress', data: { addressId: 'a2', at } });

  // then the most recently added one left is the default, and the other user is untouched
  expect((await rowsOf(ada)).map((row) => [row.id, row.is_default])).toEqual([
    ['a1', false],
    ['a3', true],
  ]);
  expect((await rowsOf(bob)).map((row) => [row.id, row.is_default])).toEqual([['b1', true]]);
});

it('given the live model, when it is rebuilt from the log, then the rows are the same', async () => {
  const result = await verifyProjection({
    db: subject.db,
    store: subject.store,
    projection: addressesProjection,
  });
  expect(result.position).toBeGreaterThan(0);
  expect(result.differences).toEqual([]);
});
