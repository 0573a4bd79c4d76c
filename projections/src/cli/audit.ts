// `npm run audit -- <stream>`: a stream's events, readable.
// `npm run audit -- --verify [<projection>...]`: rebuild each projection into a shadow schema and
// report every row that differs from the live model; exit 1 on any difference.
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import type { RowDifference } from '../runner/compare-models';
import { verifyProjection } from '../runner/verify';
import { EXIT, formatNumber, parseCommand, selectProjections, type CliContext } from './context';

const USAGE = 'usage: npm run audit -- <stream>   |   npm run audit -- --verify [<projection>...]';
const DATA_SUMMARY_LENGTH = 100;

export async function audit(context: CliContext): Promise<number> {
  const { out } = context;
  const parsed = parseCommand(context, USAGE, ['verify']);
  if (typeof parsed === 'number') return parsed;
  const { flags, positionals } = parsed;
  if (flags.verify) return verify(context, positionals);
  if (positionals.length !== 1 || !positionals[0]) {
    out(USAGE);
    return EXIT.usage;
  }
  return printStream(context, positionals[0]);
}

async function printStream({ store, out }: CliContext, streamName: string): Promise<number> {
  const events = await store.readStream(streamName);
  if (events.length === 0) {
    out(`Stream ${streamName} has no events.`);
    return EXIT.problem;
  }
  out(`${streamName}: ${events.length} event${events.length === 1 ? '' : 's'}`);
  const header = ['rev', 'position', 'time', 'type', 'actor', 'correlation', 'causation', 'data'];
  const rows = events.map(describe);
  const widths = header.map((title, column) =>
    column === header.length - 1 ? 0 : Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  out(line(header));
  for (const row of rows) out(line(row));
  return EXIT.ok;
}

function describe(event: RecordedEvent): string[] {
  const { metadata } = event;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '-');
  return [
    String(event.revision),
    String(event.position),
    typeof metadata.at === 'string' ? metadata.at : event.recordedAt.toISOString(),
    event.type,
    text(metadata.actor),
    text(metadata.correlationId),
    text(metadata.causationId),
    summarise(event.data),
  ];
}

function summarise(data: unknown): string {
  const json = JSON.stringify(data) ?? 'undefined';
  return json.length <= DATA_SUMMARY_LENGTH ? json : `${json.slice(0, DATA_SUMMARY_LENGTH - 1)}…`;
}

async function verify(context: CliContext, names: string[]): Promise<number> {
  const { out } = context;
  const { selected, unknown } =
    names.length > 0
      ? selectProjections(context.projections, names)
      : { selected: [...context.projections], unknown: [] };
  if (unknown.length > 0) {
    const known = context.projections.map((projection) => projection.name).join(', ');
    out(`Unknown projection ${unknown.join(', ')}. Known: ${known || '(none registered)'}`);
    return EXIT.usage;
  }
  if (selected.length === 0) {
    out('No projections are registered; nothing to verify.');
    return EXIT.ok;
  }
  let code: number = EXIT.ok;
  for (const projection of selected) {
    try {
      const result = await verifyProjection({ db: context.db, store: context.store, projection });
      if (result.total === 0) {
        out(`${result.projection}: matches a fresh rebuild at position ${formatNumber(result.position)}`);
        continue;
      }
      code = EXIT.problem;
      out(
        `${result.projection}: ${formatNumber(result.total)} row difference${result.total === 1 ? '' : 's'} ` +
          `from a fresh rebuild at position ${formatNumber(result.position)}`,
      );
      for (const difference of result.differences) out(`  ${describeDifference(difference)}`);
      if (result.differences.length < result.total) {
        out(`  … and ${formatNumber(result.total - result.differences.length)} more`);
      }
    } catch (error) {
      code = EXIT.problem;
      out(`${projection.name}: verify failed: ${(error as Error).message}`);
    }
  }
  return code;
}

function describeDifference(difference: RowDifference): string {
  const json = (value: unknown) => JSON.stringify(value);
  switch (difference.kind) {
    case 'missing-table':
      return `${difference.table}: table missing from the ${difference.side} model`;
    case 'missing':
      return `${difference.table} ${json(difference.key)}: missing from the live model; rebuilt ${json(difference.rebuilt)}`;
    case 'extra':
      return `${difference.table} ${json(difference.key)}: extra in the live model ${json(difference.live)}`;
    case 'different':
      return `${difference.table} ${json(difference.key)}: live ${json(difference.live)} but rebuilt ${json(difference.rebuilt)}`;
  }
}
