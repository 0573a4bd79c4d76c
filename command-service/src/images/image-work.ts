// Decoding and resizing take a core and working memory each: at most IMAGE_JOBS of them run at
// once in a process, the others wait their turn. A burst of uploads or first GETs then costs time,
// not memory (before, 8 huge PNGs at once took the server from 0.25 to 2.3 GB).
import os from 'node:os';
import pLimit from 'p-limit';

/** One job per core, at most 4 (each holds up to some tens of MB of libvips buffers). */
export const IMAGE_JOBS = Math.max(1, Math.min(os.availableParallelism(), 4));

/** Runs `task` when a job slot is free. Never nest: a job must not wait for another job. */
export const imageJob: <T>(task: () => Promise<T>) => Promise<T> = pLimit(IMAGE_JOBS);
