// The contract between projections and the query side: a projection's live tables sit in the
// Postgres schema `rm_<projection name>`. A read model's contract file
// (shared-events/src/<name>-read-model.ts) holds its name and its tables (a ReadModel); its
// projection creates the tables from it (projections/src/runner/create-tables.ts) and its queries
// read the same names and row types.
export const readModelSchema = (projectionName: string): string => `rm_${projectionName}`;

/** One table of a read model, as `create table` makes it. */
export interface ReadModelTable {
  name: string;
  /** Columns that identify a row; `audit --verify` compares live and rebuilt rows by them. */
  primaryKey: readonly string[];
  /** What stands between the parentheses of `create table`: columns and constraints. */
  columns: string;
  /** Columns added after the table's first release, as `alter table … add column if not exists`
   * takes them, so tables made before get them too. */
  addedColumns?: readonly string[];
  /** Index name -> what follows `on <table>`: the columns, and a `where` for a partial index. */
  indexes?: Readonly<Record<string, string>>;
  /** The same, made as `create unique index`. */
  uniqueIndexes?: Readonly<Record<string, string>>;
}

/** A read model: its projection's name (the schema is `rm_<name>`) and its tables. */
export interface ReadModel {
  name: string;
  tables: readonly ReadModelTable[];
}
