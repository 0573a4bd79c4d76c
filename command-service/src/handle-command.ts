// Command handling: load one stream, fold it with `evolve`, ask `decide`, append with the stream's
// expected revision. On a concurrent write the whole cycle is retried a bounded number of times.
import { asArray, fold, type Decider, type Event } from '@printshop/shared-events/decider';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type UnchangedStream,
} from '@printshop/shared-events/event-store';

export interface HandleOptions {
  metadata?: EventMetadata;
  /** Extra tries after a WrongExpectedVersion (default 5). */
  retries?: number;
  /** Demand that the stream does (not) exist instead of the revision read. */
  expectedRevision?: ExpectedRevision;
  /** Ids for the new events, in order (deterministic tests, idempotent retries). */
  eventIds?: (index: number) => string;
  /** Another stream the decision relied on, which must not have moved (AppendOptions). */
  unchanged?: UnchangedStream;
}

export interface HandleResult<State, E> {
  events: E[];
  newState: State;
  /** Global position of the last appended event; undefined when nothing was appended. */
  position?: number;
  /** Global position of the stream's last event once the command is done, appended now or found
   * there (a racer's copy of an idempotent step): what a reader of its effect must wait for. */
  lastPosition?: number;
  nextExpectedRevision: number;
}

export async function handleCommand<State, Command, E extends Event>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, E>,
  command: Command,
  options: HandleOptions = {},
): Promise<HandleResult<State, E>> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream<E>(streamName);
    const state = fold(decider, recorded);
    const revision = recorded.length === 0 ? -1 : recorded[recorded.length - 1]!.revision;
    const events = asArray(decider.decide(command, state));
    const newState = events.reduce(decider.evolve, state);
    if (events.length === 0)
      return { events, newState, nextExpectedRevision: revision, lastPosition: recorded.at(-1)?.position };
    try {
      const result = await store.appendToStream(
        streamName,
        events.map((event, index) => ({
          id: options.eventIds?.(index),
          type: event.type,
          data: event.data,
          metadata: options.metadata,
        })),
        {
          expectedRevision: options.expectedRevision ?? (revision === -1 ? 'no_stream' : revision),
          unchanged: options.unchanged,
        },
      );
      return {
        events,
        newState,
        position: result.position,
        lastPosition: result.position,
        nextExpectedRevision: result.nextExpectedRevision,
      };
    } catch (error) {
      // A demanded expectation (no_stream for a reservation) is a real conflict, never retried.
      if (
        !(error instanceof WrongExpectedVersion) ||
        options.expectedRevision !== undefined ||
        attempt >= retries
      ) {
        throw error;
      }
    }
  }
}
