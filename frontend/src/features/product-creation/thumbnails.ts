// Previews for the uploads list. In browsers with module workers and OffscreenCanvas a small pool of
// workers makes a ~320 px JPEG of each photo (decoding off the main thread); elsewhere, or when the
// browser cannot decode the photo (HEIC outside Safari), the original's object URL is the preview and
// the <img> loads it lazily. Either way the answer is an object URL the caller revokes.
const THUMBNAIL_SIZE = 320;

type Pending = { resolve: (url: string) => void; fallback: string };

let pool: Worker[] | undefined;
let next = 0;
const pending = new Map<string, Pending>();

function canUseWorkers(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof createImageBitmap !== 'undefined'
  );
}

function workers(): Worker[] {
  if (pool) return pool;
  // Up to two workers: decoding is the slow part, and the page itself is mostly idle meanwhile.
  const size = Math.max(1, Math.min(2, globalThis.navigator?.hardwareConcurrency ?? 2));
  pool = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./thumbnail-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: string; blob?: Blob; error?: string }>) => {
      const waiting = pending.get(event.data.id);
      if (!waiting) return;
      pending.delete(event.data.id);
      waiting.resolve(event.data.blob ? URL.createObjectURL(event.data.blob) : waiting.fallback);
    };
    return worker;
  });
  return pool;
}

/** Resolves with a preview URL: a worker-made thumbnail, or `fallback` (the original's URL). */
export function makeThumbnail(id: string, file: Blob, fallback: string): Promise<string> {
  if (!canUseWorkers()) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    try {
      const all = workers();
      pending.set(id, { resolve, fallback });
      all[next++ % all.length]!.postMessage({ id, file, size: THUMBNAIL_SIZE });
    } catch {
      pending.delete(id);
      resolve(fallback);
    }
  });
}
