// A reactor turns events into integration messages (tracking, outgoing webhooks, e-mail) for the bus.
// It is pure: the same event always yields the same messages with the same ids, so a republish
// after a crash or an outage is a duplicate that JetStream (or the consumer) drops.
import type { BusMessage } from '@printshop/shared-events/bus';
import type { RecordedEvent } from '@printshop/shared-events/event-store';

export interface Reactor {
  /** Names its checkpoint row and its lock: letters, digits, `-` and `_`. */
  readonly name: string;
  /** Only these event types reach `react`; the store filters the rest out. */
  readonly eventTypes: readonly string[];
  react(event: RecordedEvent): BusMessage[] | Promise<BusMessage[]>;
  /**
   * Optional: folds the messages of one read batch into fewer. Pure too: a combined message's id
   * derives from the ids it carries, so a republish of the same batch repeats it.
   */
  combine?(messages: BusMessage[]): BusMessage[];
}

/** The deterministic id of the `index`-th message of an event (the event id itself when only one). */
export const messageId = (event: Pick<RecordedEvent, 'id'>, index?: number): string =>
  index === undefined ? event.id : `${event.id}:${index}`;

const REACTOR_NAME = /^[A-Za-z0-9_-]{1,100}$/;
const SUBJECT = /^[^\s.*>]+(\.[^\s.*>]+)*$/;

export function assertReactorName(name: string): string {
  if (!REACTOR_NAME.test(name))
    throw new Error(`Invalid reactor name "${name}": letters, digits, - and _ only`);
  return name;
}

/**
 * A message the bus would refuse whatever its state is a reactor bug, not an outage: it is caught
 * here so the runner fails loudly instead of retrying forever.
 */
export function assertPublishable(message: BusMessage): void {
  assertAddressed(message);
  JSON.stringify(message.data);
}

/** Its id and subject only: a message that goes on combined has its data checked in the combination. */
export function assertAddressed(message: BusMessage): void {
  if (typeof message?.id !== 'string' || message.id === '') throw new Error('message without an id');
  if (typeof message.subject !== 'string' || !SUBJECT.test(message.subject)) {
    throw new Error(`message ${message.id}: invalid subject "${String(message.subject)}"`);
  }
}
