// A decider (Emmett / Jérémie Chassaing): pure functions only. Time and ids arrive in the command.
import type { EventStore, NewEvent } from './event-store';

export interface Event<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, E extends Event> {
  initialState: () => State;
  evolve: (state: State, event: E) => State;
  /** Returns the events the command causes, or throws a DomainError. */
  decide: (command: Command, state: State) => E | E[];
}

export const fold = <State, E extends Event>(
  decider: Pick<Decider<State, never, E>, 'initialState' | 'evolve'>,
  events: readonly E[],
): State => events.reduce(decider.evolve, decider.initialState());

/** The state of one stream: its events, read as the decider's own, folded. */
export async function load<State, E extends Event>(
  store: Pick<EventStore, 'readStream'>,
  streamName: string,
  decider: Pick<Decider<State, never, E>, 'initialState' | 'evolve'>,
): Promise<State> {
  return fold(decider, await store.readStream<E>(streamName));
}

export const asArray = <E>(result: E | E[]): E[] => (Array.isArray(result) ? result : [result]);

export type EventsToAppend<E extends Event> = Array<NewEvent<E['type'], E['data']>>;
