// The command cycle (load, fold, decide, append with the expected revision) against the real store.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@printshop/command-service/handle-command';
import type { Decider } from '@printshop/shared-events/decider';
import { RuleBroken } from '@printshop/shared-events/errors';
import { WrongExpectedVersion } from '@printshop/shared-events/event-store';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { createTestStore, type TestStore } from '../support/stores';

type TicketEvent =
  { type: 'TicketOpened'; data: { seats: number; at: string } } | { type: 'SeatTaken'; data: { by: string } };
type TicketCommand = { type: 'Open'; seats: number; now: Date } | { type: 'Take'; by: string };
interface Ticket {
  seats: number;
  taken: number;
}

const tickets: Decider<Ticket | undefined, TicketCommand, TicketEvent> = {
  initialState: () => undefined,
  evolve: (state, event) =>
    event.type === 'TicketOpened'
      ? { seats: event.data.seats, taken: 0 }
      : { seats: state!.seats, taken: state!.taken + 1 },
  decide: (command, state) => {
    if (command.type === 'Open') {
      if (state) throw new RuleBroken('Already open');
      return { type: 'TicketOpened', data: { seats: command.seats, at: command.now.toISOString() } };
    }
    if (!state) throw new RuleBroken('Not open');
    if (state.taken >= state.seats) throw new RuleBroken('Sold out');
    return { type: 'SeatTaken', data: { by: command.by } };
  },
};

describe('deciderSpec (given / when / then)', () => {
  const spec = deciderSpec(tickets);
  const opened: TicketEvent = { type: 'TicketOpened', data: { seats: 1, at: '2026-01-01T00:00:00.000Z' } };

  it('passes when the decider produces the expected events and fails otherwise', () => {
    spec
      .given([opened])
      .when({ type: 'Take', by: 'ann' })
      .then([{ type: 'SeatTaken', data: { by: 'ann' } }]);
    expect(() =>
      spec
        .given([opened])
        .when({ type: 'Take', by: 'ann' })
        .then([{ type: 'SeatTaken', data: { by: 'bob' } }]),
    ).toThrow(/Expected events/);
  });

  it('checks the error class and message', () => {
    spec
      .given([opened, { type: 'SeatTaken', data: { by: 'ann' } }])
      .when({ type: 'Take', by: 'bob' })
      .thenThrows(RuleBroken, 'Sold out');
    expect(() => spec.given([opened]).when({ type: 'Take', by: 'bob' }).thenThrows(RuleBroken)).toThrow(
      /Expected RuleBroken/,
    );
  });
});

describe('handleCommand', () => {
  let subject: TestStore;
  beforeAll(async () => {
    subject = await createTestStore('handle_command', { poolMax: 12 });
  });
  afterAll(async () => subject?.close());

  it('given a stream, when commands race, then each conflict is retried on fresh state and the rule still holds', async () => {
    const stream = `ticket-${randomUUID()}`;
    await handleCommand(subject.store, stream, tickets, { type: 'Open', seats: 10, now: new Date(0) });
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) =>
        handleCommand(subject.store, stream, tickets, { type: 'Take', by: `p${i}` }, { retries: 50 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(5).fill('Sold out'));
    const events = await subject.store.readStream(stream);
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });

  it('given a demanded no_stream, when the stream exists, then the conflict is not retried', async () => {
    const stream = `ticket-${randomUUID()}`;
    await handleCommand(subject.store, stream, tickets, { type: 'Open', seats: 1, now: new Date(0) });
    await expect(
      handleCommand(
        subject.store,
        stream,
        { ...tickets, decide: (): TicketEvent => ({ type: 'SeatTaken', data: { by: 'x' } }) },
        {
          type: 'Take',
          by: 'x',
        },
        { expectedRevision: 'no_stream' },
      ),
    ).rejects.toBeInstanceOf(WrongExpectedVersion);
  });

  it('given metadata and event ids, when handled, then they are recorded and a retry is idempotent', async () => {
    const stream = `ticket-${randomUUID()}`;
    const id = randomUUID();
    const options = { metadata: { actor: 'user-1', correlationId: 'corr-1' }, eventIds: () => id };
    const first = await handleCommand(
      subject.store,
      stream,
      tickets,
      { type: 'Open', seats: 2, now: new Date(0) },
      options,
    );
    const [event] = await subject.store.readStream(stream);
    expect(event).toMatchObject({ id, metadata: { actor: 'user-1', correlationId: 'corr-1' } });
    expect(first.position).toBe(event!.position);
  });
});
