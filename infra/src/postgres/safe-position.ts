// Which global position may a reader safely read up to?
//
// Positions come from a sequence, so a transaction can draw position 7, then commit after another
// transaction that drew 8 committed. A reader that saw 8 and moved its checkpoint past 7 would skip 7
// forever. The rule here (the idea of Emmett's xmin filter, keeping strict position order):
//   1. read the sequence's high-water mark H;
//   2. then take a snapshot S. es_append takes a transaction id (and the shared appender lock, held
//      to commit) before drawing a position, so every transaction that drew a position <= H is
//      finished or listed among S's in-progress xids;
//   3. H is safe once none of those xids is both still running and an appender. Usually they have
//      simply finished a few milliseconds later; a long transaction that is no appender (a
//      migration, another tenant of the cluster) is told apart by the appender lock it does not hold:
//      had it drawn a position <= H, it would hold that lock until it ends.
// Readers read rows with position <= the safe mark, in position order, and never skip one.
import type { Knex } from 'knex';

interface Pending {
  highWater: number;
  inProgress: Set<string>;
  since: number;
}

/** How long to let in-progress xids finish on their own before asking pg_locks who appends. */
const ASK_LOCKS_AFTER_MS = 25;
const xid32 = (xid8: string) => (BigInt(xid8) % 4294967296n).toString();

export class SafePosition {
  private safe = 0;
  private pending: Pending[] = [];

  constructor(private readonly db: Knex) {}

  /** True when positions beyond the safe mark were drawn and wait on open transactions. */
  get lagging(): boolean {
    return this.pending.length > 0;
  }

  async current(): Promise<number> {
    const sequence = await this.db.raw<{ rows: Array<{ last_value: number; is_called: boolean }> }>(
      'select last_value, is_called from es_global_position',
    );
    const row = sequence.rows[0]!;
    const highWater = row.is_called ? row.last_value : 0;
    const snapshot = await this.db.raw<{ rows: Array<{ xip: string[] | null }> }>(
      'select array(select x::text from pg_snapshot_xip(pg_current_snapshot()) x) as xip',
    );
    const running = new Set(snapshot.rows[0]!.xip ?? []);

    for (const entry of this.pending) {
      for (const xid of entry.inProgress) if (!running.has(xid)) entry.inProgress.delete(xid);
    }
    if (this.pending.some((entry) => entry.inProgress.size > 0 && Date.now() - entry.since > ASK_LOCKS_AFTER_MS)) {
      const appenders = await this.runningAppenders();
      for (const entry of this.pending) {
        for (const xid of entry.inProgress) if (!appenders.has(xid32(xid))) entry.inProgress.delete(xid);
      }
    }
    this.pending = this.pending.filter((entry) => {
      if (entry.inProgress.size > 0) return true;
      this.safe = Math.max(this.safe, entry.highWater);
      return false;
    });

    if (running.size === 0) {
      this.safe = Math.max(this.safe, highWater);
      this.pending = [];
    } else if (highWater > this.safe && highWater > (this.pending.at(-1)?.highWater ?? 0)) {
      this.pending.push({ highWater, inProgress: running, since: Date.now() });
      // The safe mark only grows, so dropping the oldest entries only delays, never skips.
      if (this.pending.length > 32) this.pending.splice(0, this.pending.length - 32);
    }
    return this.safe;
  }

  private async runningAppenders(): Promise<Set<string>> {
    const result = await this.db.raw<{ rows: Array<{ xid: string }> }>(
      `select a.backend_xid::text as xid from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.classid = 1163067392 and l.objid = 1 and l.objsubid = 2
         and l.granted and a.backend_xid is not null
         and l.database = (select oid from pg_database where datname = current_database())`,
    );
    return new Set(result.rows.map((r) => r.xid));
  }
}
