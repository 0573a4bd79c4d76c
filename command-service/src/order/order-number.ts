// Human order numbers: 'PS-' and 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L),
// e.g. PS-7KQ2M9XD. The candidates are derived from the order id, so concurrent placements of one
// order try the same numbers in the same order; the reservation stream `ordernumber-<number>`
// (appended with no_stream) keeps a number to one order, and a taken one moves to the next candidate.
import { createHash } from 'node:crypto';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
} from '@printshop/shared-events/event-store';
import { orderNumberStreamName } from '@printshop/shared-events/events/order';
import { uuidFromName } from './derived-ids';

export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_NUMBER_PATTERN = /^PS-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
const LENGTH = 8;
const MAX_ATTEMPTS = 50;

/** The `attempt`-th candidate number of an order. */
export function orderNumberCandidate(orderId: string, attempt: number): string {
  const digest = createHash('sha256').update(`${orderId}#${attempt}`).digest();
  let value = BigInt(`0x${digest.toString('hex')}`);
  const base = BigInt(ORDER_NUMBER_ALPHABET.length);
  let text = '';
  for (let i = 0; i < LENGTH; i++) {
    text += ORDER_NUMBER_ALPHABET[Number(value % base)];
    value /= base;
  }
  return `PS-${text}`;
}

/** Reserves the first free candidate for the order (or finds the one it already holds). */
export async function reserveOrderNumber(
  store: EventStore,
  orderId: string,
  metadata: EventMetadata,
): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const orderNumber = orderNumberCandidate(orderId, attempt);
    const streamName = orderNumberStreamName(orderNumber);
    try {
      await store.appendToStream(
        streamName,
        [
          {
            // The same id for every racer: a second append of it is answered as already written.
            id: uuidFromName(`ordernumber:${orderId}:${attempt}`),
            type: 'OrderNumberReserved',
            data: { orderNumber, orderId },
            metadata,
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      return orderNumber;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      const [holder] = await store.readStream(streamName, { maxCount: 1 });
      if ((holder?.data as { orderId?: string } | undefined)?.orderId === orderId) return orderNumber;
    }
  }
  throw new Error(`No free order number for order ${orderId} after ${MAX_ATTEMPTS} candidates`);
}

/** The order holding this number, if any (anything not shaped like our numbers names none). */
export async function orderIdOfNumber(store: EventStore, orderNumber: string): Promise<string | undefined> {
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) return undefined;
  const [reserved] = await store.readStream(orderNumberStreamName(orderNumber), { maxCount: 1 });
  return (reserved?.data as { orderId?: string } | undefined)?.orderId;
}
