// A promotion read straight from the log (no projection lag), for the calls that must not promise a
// use that is gone (the cart's code, checkout, payment start), and the runner of promotion commands
// (appended with the revision read; a concurrent change decides again).
import { load } from '@printshop/shared-events/decider';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { promotionStreamName, type PromotionEvent } from '@printshop/shared-events/events/promotion';
import { handleCommand } from '../handle-command';
import { uuidFromName } from '../order/derived-ids';
import { promotionDecider, type PromotionCommand } from './decide';
import type { PromotionState } from './promotion';

/** Many checkouts may race for one code's last uses; each conflict is one more read-and-decide. */
const RETRIES = 40;

export async function loadPromotion(store: EventStore, code: string): Promise<PromotionState> {
  return load<PromotionState, PromotionEvent>(store, promotionStreamName(code), promotionDecider);
}

/** `eventIdName` derives the event ids, so racers repeating one step write the same events. */
export function runPromotionCommand(
  store: EventStore,
  code: string,
  command: PromotionCommand,
  metadata: EventMetadata,
  options: { eventIdName?: string; expectedRevision?: 'no_stream' } = {},
) {
  return handleCommand(store, promotionStreamName(code), promotionDecider, command, {
    metadata,
    retries: RETRIES,
    ...(options.expectedRevision && { expectedRevision: options.expectedRevision }),
    ...(options.eventIdName !== undefined && {
      eventIds: (index: number) => uuidFromName(`${options.eventIdName}:${index}`),
    }),
  });
}
