// What /readyz shows per projection: where it is, whether it is healthy, how far behind the log.
import type { Knex } from 'knex';
import { readCheckpoints, type ProjectionStatus } from './checkpoints';
import { activeRunnerNames } from './connection';

export interface ProjectionStatusReport {
  name: string;
  position: number;
  status: ProjectionStatus;
  /** Some runner instance holds the projection's lock (a 'running' row without one is a dead process). */
  active: boolean;
  error: string | null;
  failedPosition: number | null;
  /** Positions of `$all` not yet read by the projection (0 when caught up). */
  lag: number;
}

export async function readProjectionStatus(
  db: Knex,
  headPosition: number,
): Promise<ProjectionStatusReport[]> {
  const checkpoints = await readCheckpoints(db);
  const active = await activeRunnerNames(
    db,
    checkpoints.map((checkpoint) => checkpoint.name),
  );
  return checkpoints.map((checkpoint) => ({
    name: checkpoint.name,
    position: checkpoint.position,
    status: checkpoint.status,
    active: active.has(checkpoint.name),
    error: checkpoint.error,
    failedPosition: checkpoint.failedPosition,
    lag: Math.max(0, headPosition - checkpoint.position),
  }));
}
