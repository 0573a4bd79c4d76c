// What the operator commands need; infra/src/cli/* builds it from DATABASE_URL.
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { Logger } from '@printshop/shared-events/logger';
import type { Projection } from '../runner/projection';

export interface CliContext {
  db: Knex;
  store: EventStore;
  projections: readonly Projection[];
  /** Writes one line of the command's output. */
  out: (line: string) => void;
  /** Command-line arguments after the script name. */
  args: readonly string[];
  logger?: Logger;
}

/** Exit codes: 0 fine, 1 the work found or met a problem, 2 the command was used wrongly. */
export const EXIT = { ok: 0, problem: 1, usage: 2 } as const;

export const formatNumber = (value: number): string => value.toLocaleString('en-US');

export function selectProjections(
  projections: readonly Projection[],
  names: readonly string[],
): { selected: Projection[]; unknown: string[] } {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const unknown = names.filter((name) => !byName.has(name));
  return { selected: names.map((name) => byName.get(name)).filter((p): p is Projection => !!p), unknown };
}

/**
 * The command's boolean flags and positionals; `--help` and a wrong option are answered here (usage
 * printed) and the exit code comes back instead.
 */
export function parseCommand(
  { args, out }: CliContext,
  usage: string,
  flags: readonly string[],
): { flags: Record<string, boolean>; positionals: string[] } | number {
  const options = Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' as const }]));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    out(`${(error as Error).message}\n${usage}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    out(usage);
    return EXIT.ok;
  }
  const given = parsed.values as Record<string, boolean | undefined>;
  return {
    flags: Object.fromEntries(flags.map((flag) => [flag, given[flag] === true])),
    positionals: parsed.positionals,
  };
}
