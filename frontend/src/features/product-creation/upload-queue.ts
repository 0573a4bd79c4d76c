// The background queue the crops upload through: Apply Crop hands the photo's job here
// and the crop tool moves on at once. At most `concurrency` jobs run together (two: enough to keep
// the line busy, few enough that the shopper's next photo still decodes smoothly); each job reports
// its own state, and a failed job is not retried (the photo goes back to uncropped, the shopper
// decides). A photo deleted while it uploads has its upload aborted, so it neither spends the
// shopper's data nor holds a place the next photo is waiting for. No React here, so the rules are
// testable alone.

export type UploadPhase =
  | { state: 'queued' }
  | { state: 'uploading'; percent: number }
  | { state: 'done' }
  | { state: 'failed'; error: unknown };

/** What a job is given: report upload progress as a fraction 0..1, and a signal that aborts it. */
export type UploadJob = (progress: (fraction: number) => void, signal: AbortSignal) => Promise<void>;

export interface UploadQueue {
  /** Queues `job` for `id` (a photo); a job already queued or running for it is forgotten first. */
  add(id: string, job: UploadJob): void;
  /** Forgets `id`: a queued job never runs; a running one is aborted and reports nothing. */
  drop(id: string): void;
  /** Jobs queued or running. */
  pending(): number;
  /** Resolves once nothing is queued or running (at once when idle). */
  settled(): Promise<void>;
}

export const UPLOAD_CONCURRENCY = 2;

export function createUploadQueue(
  onPhase: (id: string, phase: UploadPhase) => void,
  concurrency = UPLOAD_CONCURRENCY,
): UploadQueue {
  const waiting: Array<{ id: string; job: UploadJob; token: object }> = [];
  // The token of each photo's latest job: a result from an older (dropped) job is ignored.
  const current = new Map<string, object>();
  // The abort of each running job, by photo.
  const aborts = new Map<string, AbortController>();
  let running = 0;
  let idle: Array<() => void> = [];

  const report = (id: string, token: object, phase: UploadPhase) => {
    if (current.get(id) === token) onPhase(id, phase);
  };

  const wake = () => {
    if (running === 0 && waiting.length === 0) {
      const waiters = idle;
      idle = [];
      for (const resolve of waiters) resolve();
    }
  };

  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      const next = waiting.shift()!;
      if (current.get(next.id) !== next.token) continue;
      running += 1;
      const abort = new AbortController();
      aborts.set(next.id, abort);
      let last = 0;
      report(next.id, next.token, { state: 'uploading', percent: 0 });
      const progress = (fraction: number) => {
        const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
        // Whole percents only: a progress event per network chunk would re-render the list needlessly.
        if (percent === last) return;
        last = percent;
        report(next.id, next.token, { state: 'uploading', percent });
      };
      let job: Promise<void>;
      try {
        job = next.job(progress, abort.signal);
      } catch (error) {
        job = Promise.reject(error);
      }
      job
        .then(
          () => report(next.id, next.token, { state: 'done' }),
          (error: unknown) => report(next.id, next.token, { state: 'failed', error }),
        )
        .finally(() => {
          if (current.get(next.id) === next.token) current.delete(next.id);
          if (aborts.get(next.id) === abort) aborts.delete(next.id);
          running -= 1;
          pump();
          wake();
        });
    }
    wake();
  };

  const abortRunning = (id: string) => {
    aborts.get(id)?.abort();
    aborts.delete(id);
  };

  return {
    add(id, job) {
      abortRunning(id);
      const token = {};
      current.set(id, token);
      waiting.push({ id, job, token });
      onPhase(id, { state: 'queued' });
      pump();
    },
    drop(id) {
      current.delete(id);
      abortRunning(id);
      for (let i = waiting.length - 1; i >= 0; i -= 1) if (waiting[i]!.id === id) waiting.splice(i, 1);
      wake();
    },
    pending: () => running + waiting.length,
    settled: () =>
      running === 0 && waiting.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => idle.push(resolve)),
  };
}
