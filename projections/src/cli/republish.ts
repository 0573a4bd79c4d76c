// `npm run republish -- <reactor> --since <time> | --from <position> [--to <position>]`: sends a
// reactor's messages for a range of the log again, when the bus lost what it had been given (a
// JetStream stream deleted, or purged, before its consumers read it). The live reactor is left
// alone: this reads the log beside it and publishes what the reactor published for those events,
// with the same ids, so JetStream drops the copies it still remembers (for its 2-minute window,
// which a purge does not clear) and the consumers (mail, tracking, webhooks) settle each event once
// whatever they receive twice. It stops at the reactor's checkpoint: past it, the reactor publishes
// for itself.
import { parseArgs } from 'node:util';
import type { Bus } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import { readReactorCheckpoints } from '../reactors/checkpoints';
import type { Reactor } from '../reactors/reactor';
import { messagesOf } from '../reactors/runner';
import { EXIT, formatNumber, type CliContext } from './context';

export const REPUBLISH_USAGE =
  'usage: npm run republish -- <reactor> (--from <position> | --since <ISO time>) [--to <position>]';
const BATCH = 200;

export interface RepublishContext extends CliContext {
  bus: Bus;
  reactors: readonly Reactor[];
}

type Parsed = { reactor: Reactor; from: number | Date; to?: number };

function parse({ args, out, reactors }: RepublishContext): Parsed | number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        since: { type: 'string' },
        to: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    out(`${(error as Error).message}\n${REPUBLISH_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(REPUBLISH_USAGE);
    return EXIT.ok;
  }
  const position = (text: string | undefined) =>
    text !== undefined && /^\d+$/.test(text) ? Number(text) : NaN;
  const since = values.since === undefined ? undefined : new Date(values.since);
  const from = position(values.from);
  const to = values.to === undefined ? undefined : position(values.to);
  const wellFormed =
    positionals.length === 1 &&
    (since === undefined ? from >= 1 : values.from === undefined && !Number.isNaN(since.getTime())) &&
    (to === undefined || to >= (since ? 1 : from));
  if (!wellFormed) {
    out(
      `${REPUBLISH_USAGE}\n  positions are whole numbers from 1, --to not before --from; --since is a time like 2026-11-29T08:00:00Z`,
    );
    return EXIT.usage;
  }
  const reactor = reactors.find((candidate) => candidate.name === positionals[0]);
  if (!reactor) {
    out(`Unknown reactor ${positionals[0]}. Known: ${reactors.map((r) => r.name).join(', ')}`);
    return EXIT.usage;
  }
  return { reactor, from: since ?? from, to };
}

export async function republish(context: RepublishContext): Promise<number> {
  const parsed = parse(context);
  if (typeof parsed === 'number') return parsed;
  const { reactor } = parsed;
  const { out, store, bus } = context;
  const from = parsed.from instanceof Date ? await firstPositionAt(store, parsed.from) : parsed.from;
  const checkpoint =
    (await readReactorCheckpoints(context.db)).find((c) => c.name === reactor.name)?.position ?? 0;
  const to = Math.min(parsed.to ?? checkpoint, checkpoint);
  if (to < from) {
    out(
      `${reactor.name} has published up to position ${formatNumber(checkpoint)}: nothing to send again from ${formatNumber(from)}.`,
    );
    return EXIT.ok;
  }
  let after = from - 1;
  let events = 0;
  let messages = 0;
  while (after < to) {
    const batch = await store.readAll({
      fromPosition: after,
      maxCount: BATCH,
      filter: { eventTypes: reactor.eventTypes },
    });
    const inRange = batch.events.filter((event) => event.position <= to);
    const publishing = await messagesOf(reactor, inRange);
    const results = await Promise.allSettled(publishing.map((message) => bus.publish(message)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      out(
        `${reactor.name}: the bus refused a message (${String(failed.reason)}); ` +
          `${formatNumber(messages)} sent so far. Run again with --from ${after + 1}.`,
      );
      return EXIT.problem;
    }
    events += inRange.length;
    messages += publishing.length;
    if (batch.lastPosition <= after) break;
    after = Math.min(batch.lastPosition, to);
  }
  out(
    `${reactor.name}: sent ${formatNumber(messages)} messages again for ${formatNumber(events)} events ` +
      `(positions ${formatNumber(from)} to ${formatNumber(to)}; the reactor is at ${formatNumber(checkpoint)}).`,
  );
  return EXIT.ok;
}

/**
 * The position of the first event recorded at or after `since` (one past the head when none is):
 * a binary search over the log, a read of one event per step.
 */
async function firstPositionAt(store: EventStore, since: Date): Promise<number> {
  const head = await store.headPosition();
  const firstAfter = async (after: number) =>
    (await store.readAll({ fromPosition: after, maxCount: 1 })).events[0];
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const event = await firstAfter(middle);
    if (event && event.recordedAt < since) low = event.position;
    else high = middle;
  }
  return (await firstAfter(low))?.position ?? head + 1;
}
