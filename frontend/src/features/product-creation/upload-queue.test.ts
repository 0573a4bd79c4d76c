// The background upload queue: two at a time, each photo's phase reported, no retries,
// dropped photos forgotten, and a way to wait for whatever is still running.
import { describe, expect, it } from 'vitest';
import { createUploadQueue, type UploadPhase } from './upload-queue';

function gate() {
  let open!: () => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function recorder() {
  const log: Array<[string, UploadPhase]> = [];
  const last = (id: string) => [...log].reverse().find(([i]) => i === id)?.[1];
  return { log, last, onPhase: (id: string, phase: UploadPhase) => void log.push([id, phase]) };
}

describe('upload queue', () => {
  it('given four jobs, then two run at once, the others wait queued and start as the first finish', async () => {
    const phases = recorder();
    const queue = createUploadQueue(phases.onPhase);
    const gates = [gate(), gate(), gate(), gate()];
    let running = 0;
    let most = 0;
    gates.forEach((g, i) =>
      queue.add(`p${i}`, async () => {
        running += 1;
        most = Math.max(most, running);
        await g.promise;
        running -= 1;
      }),
    );
    expect(queue.pending()).toBe(4);
    expect(phases.last('p0')).toEqual({ state: 'uploading', percent: 0 });
    expect(phases.last('p1')).toEqual({ state: 'uploading', percent: 0 });
    expect(phases.last('p2')).toEqual({ state: 'queued' });
    expect(phases.last('p3')).toEqual({ state: 'queued' });

    gates[1]!.open();
    await tick();
    expect(phases.last('p1')).toEqual({ state: 'done' });
    expect(phases.last('p2')).toEqual({ state: 'uploading', percent: 0 });
    expect(phases.last('p3')).toEqual({ state: 'queued' });

    gates.forEach((g) => g.open());
    await queue.settled();
    expect(most).toBe(2);
    expect(queue.pending()).toBe(0);
    expect(['p0', 'p1', 'p2', 'p3'].map((id) => phases.last(id)?.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  it('reports progress in whole percents, once each, and a failure once, without retrying', async () => {
    const phases = recorder();
    const queue = createUploadQueue(phases.onPhase);
    let attempts = 0;
    const boom = new Error('Server responded with status 500');
    queue.add('a', async (progress) => {
      attempts += 1;
      progress(0.001);
      progress(0.421);
      progress(0.424);
      progress(1.7);
      throw boom;
    });
    await queue.settled();
    expect(attempts).toBe(1);
    expect(phases.log.map(([, phase]) => phase)).toEqual([
      { state: 'queued' },
      { state: 'uploading', percent: 0 },
      { state: 'uploading', percent: 42 },
      { state: 'uploading', percent: 100 },
      { state: 'failed', error: boom },
    ]);
  });

  it('forgets a dropped photo: a queued job never runs, a running one reports nothing more', async () => {
    const phases = recorder();
    const queue = createUploadQueue(phases.onPhase, 1);
    const first = gate();
    let secondRan = false;
    queue.add('a', () => first.promise);
    queue.add('b', async () => {
      secondRan = true;
    });
    queue.drop('b');
    queue.drop('a');
    const before = phases.log.length;
    first.open();
    await queue.settled();
    expect(secondRan).toBe(false);
    expect(phases.log.length).toBe(before);
  });

  it('settles at once when idle, and after the last job when busy', async () => {
    const queue = createUploadQueue(() => undefined);
    await expect(queue.settled()).resolves.toBeUndefined();
    const g = gate();
    queue.add('a', () => g.promise);
    let settled = false;
    void queue.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    g.fail(new Error('network'));
    await tick();
    await tick();
    expect(settled).toBe(true);
  });

  it('given a photo deleted while it uploads, then its upload is aborted and the photo waiting behind it starts at once', async () => {
    const phases = recorder();
    const queue = createUploadQueue(phases.onPhase, 1);
    let aborted = false;
    let nextRan = false;
    queue.add('a', (_progress, signal) => {
      // An upload that would run for ever unless aborted.
      return new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(signal.reason);
        }),
      );
    });
    queue.add('b', async () => {
      nextRan = true;
    });
    await tick();
    expect(nextRan).toBe(false);

    queue.drop('a');
    await queue.settled();

    expect(aborted).toBe(true);
    expect(nextRan).toBe(true);
    expect(phases.log.filter(([id]) => id === 'a').map(([, p]) => p.state)).toEqual(['queued', 'uploading']);
  });
});
