// A projection turns events into read-model rows. It owns its tables, which live in its own Postgres
// schema (`rm_<name>` when live), so a rebuild can fill a fresh schema and swap it in whole.
import { readModelSchema } from '@printshop/shared-events/read-models';
import type { Knex } from 'knex';
import type { EventShape, Recorded } from '@printshop/shared-events/event-store';

export interface ProjectionTable {
  name: string;
  /** Columns that identify a row; `audit --verify` compares live and rebuilt rows by them. */
  primaryKey: readonly string[];
}

/** `E`: the union of the events it reads; the store's filter on `eventTypes` lets only those in. */
export interface Projection<E extends EventShape = EventShape> {
  /** Lower-case letters, digits and single underscores; names its schema and checkpoint row. */
  readonly name: string;
  /** Only these event types reach `apply`; everything else is skipped by the store's filter. */
  readonly eventTypes: readonly string[];
  readonly tables: readonly ProjectionTable[];
  /** Creates the tables inside `schema` (which exists); must be idempotent. */
  migrate(db: Knex, schema: string): Promise<void>;
  /**
   * Writes the rows for a batch of events, in position order, inside the runner's transaction.
   * Rows must follow from the events alone (use event times, never now()), so a rebuild yields the
   * same model as the live run.
   */
  apply(events: Array<Recorded<E>>, trx: Knex.Transaction, schema: string): Promise<void>;
}

const NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
// Schema names are at most 63 bytes: `rm_` + name + `__rb_` + a 13-digit timestamp must fit.
const MAX_NAME_LENGTH = 40;

export function assertProjectionName(name: string): string {
  if (!NAME.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new Error(
      `Invalid projection name "${name}": use lower-case letters, digits and single underscores, at most ${MAX_NAME_LENGTH} characters`,
    );
  }
  return name;
}

/** The schema holding a projection's live tables (what the query side reads). */
export const liveSchema = (name: string): string => readModelSchema(assertProjectionName(name));

/** Every shadow or retired schema of a projection starts with this (`__` never occurs in a name). */
export const scratchSchemaPrefix = (name: string): string => `${liveSchema(name)}__`;
