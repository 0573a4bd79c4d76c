// Which global position may a reader safely read up to?
//
// Positions come from a sequence, so a transaction can draw position 7 and commit after another
// transaction that drew 8 has committed. A reader that saw 8 and moved its checkpoint past 7 would
// skip 7 forever. es_append takes a shared advisory lock before drawing a position and holds it
// until its transaction has ended (Postgres releases locks after the commit is visible). So:
//   1. read the sequence's high-water mark H (under the sequence's buffer lock, see es_high_water);
//   2. then list the transactions holding the appender lock (pg_locks): every transaction that drew
//      a position <= H is either finished and visible, or in that list;
//   3. H is safe once none of them holds the lock any more. With no appender in flight, at once.
// (Transaction ids cannot do this: a snapshot lists in-progress xids only below its xmax, which is
// one past the latest *completed* xid, so a young appender can be in progress without being listed.)
// Readers read rows with position <= the safe mark, in position order, and never skip one.
import type { Knex } from 'knex';

interface Pending {
  highWater: number;
  appenders: Set<string>;
}

export class SafePosition {
  private safe = 0;
  private pending: Pending[] = [];
  /**
   * One probe at a time, shared by concurrent readers: probes must be applied in the order they
   * were taken, or an older list of appenders could clear an entry made from a newer one.
   */
  private probing: Promise<number> | undefined;
  /** The probe after the one under way, shared by the readers that asked meanwhile. */
  private next: Promise<number> | undefined;

  constructor(private readonly db: Knex) {}

  /** The safe mark as last probed, without probing. */
  get known(): number {
    return this.safe;
  }

  /** True when positions beyond the safe mark were drawn by transactions still open. */
  get lagging(): boolean {
    return this.pending.length > 0;
  }

  /** The safe mark from a probe that started after this call. */
  current(): Promise<number> {
    if (!this.probing) {
      this.probing = this.probe().finally(() => (this.probing = undefined));
      return this.probing;
    }
    // The probe under way may have read the sequence before the append this reader was woken for
    // committed; its mark could stop short of that event, and the reader would sleep past it.
    this.next ??= this.probing
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.current();
      });
    return this.next;
  }

  private async probe(): Promise<number> {
    const probe = await this.db.raw<{ rows: Array<{ high_water: number; appenders: string[] }> }>(
      'select * from es_probe()',
    );
    const { high_water: highWater, appenders } = probe.rows[0]!;
    const inFlight = new Set(appenders);

    this.pending = this.pending.filter((entry) => {
      for (const appender of entry.appenders) if (!inFlight.has(appender)) entry.appenders.delete(appender);
      if (entry.appenders.size > 0) return true;
      this.safe = Math.max(this.safe, entry.highWater);
      return false;
    });

    if (inFlight.size === 0) {
      this.safe = Math.max(this.safe, highWater);
      this.pending = [];
    } else if (highWater > this.safe && highWater > (this.pending.at(-1)?.highWater ?? 0)) {
      this.pending.push({ highWater, appenders: inFlight });
      // The safe mark only grows, so dropping the oldest entries only delays, never skips.
      if (this.pending.length > 32) this.pending.splice(0, this.pending.length - 32);
    }
    return this.safe;
  }
}
