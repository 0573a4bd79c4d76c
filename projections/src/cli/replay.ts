// `npm run replay -- <projection>... | --all`: rebuild projections into fresh schemas and swap them
// in, printing progress and events/s.
import { migrateProjections } from '../runner/checkpoints';
import { rebuildProjection, type RebuildProgress } from '../runner/rebuild';
import { EXIT, formatNumber, parseCommand, selectProjections, type CliContext } from './context';

const USAGE = 'usage: npm run replay -- <projection> [<projection>...] | --all';

export async function replay(context: CliContext): Promise<number> {
  const { out } = context;
  const parsed = parseCommand(context, USAGE, ['all']);
  if (typeof parsed === 'number') return parsed;
  const { flags, positionals } = parsed;
  if (flags.all === positionals.length > 0) {
    out(USAGE);
    return EXIT.usage;
  }
  const known = context.projections.map((projection) => projection.name);
  const { selected, unknown } = flags.all
    ? { selected: [...context.projections], unknown: [] }
    : selectProjections(context.projections, positionals);
  if (unknown.length > 0) {
    out(`Unknown projection ${unknown.join(', ')}. Known: ${known.join(', ') || '(none registered)'}`);
    return EXIT.usage;
  }
  if (selected.length === 0) {
    out('No projections are registered; nothing to replay.');
    return EXIT.ok;
  }

  await migrateProjections(context.db);
  let code: number = EXIT.ok;
  for (const projection of selected) {
    const progress = throttledProgress(out);
    try {
      const result = await rebuildProjection({
        db: context.db,
        store: context.store,
        projection,
        logger: context.logger,
        onProgress: progress,
      });
      out(
        `${result.projection}: rebuilt and swapped in; ${formatNumber(result.events)} events in ` +
          `${(result.elapsedMs / 1000).toFixed(1)} s (${formatNumber(result.eventsPerSecond)} events/s), ` +
          `checkpoint ${formatNumber(result.position)}`,
      );
    } catch (error) {
      out(`${projection.name}: rebuild failed: ${(error as Error).message}`);
      code = EXIT.problem;
    }
  }
  return code;
}

/** At most one progress line a second, plus the phase changes. */
function throttledProgress(out: (line: string) => void) {
  let lastAt = 0;
  let lastPhase = '';
  return (progress: RebuildProgress) => {
    const now = Date.now();
    if (progress.phase === 'done' || (progress.phase === lastPhase && now - lastAt < 1000)) return;
    lastAt = now;
    lastPhase = progress.phase;
    const percent =
      progress.headPosition > 0 ? Math.floor((progress.position * 100) / progress.headPosition) : 100;
    out(
      `${progress.projection}: ${progress.phase} ${formatNumber(progress.position)}/${formatNumber(progress.headPosition)} ` +
        `(${percent}%), ${formatNumber(progress.events)} events, ${formatNumber(progress.eventsPerSecond)} events/s`,
    );
  };
}
