// The filesystem ImageStore: objects round-trip from buffers and streams, missing ones are
// undefined, deletes are idempotent, and keys cannot step outside the store's directory.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '@printshop/shared-events/image-store';
import { createFileImageStore } from './file-image-store';

const root = mkdtempSync(path.join(os.tmpdir(), 'printshop-image-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileImageStore(root);

async function read(object: StoredImage | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('file image store', () => {
  it('stores a buffer and a stream, and gives each back with its size', async () => {
    const bytes = Buffer.from('not really a jpeg, but bytes');
    expect(await store.put('served/a.jpg', bytes)).toEqual({ size: bytes.length });
    await store.put('originals/b', Readable.from([Buffer.from('part one, '), Buffer.from('part two')]));

    const served = await store.get('served/a.jpg');
    expect(served!.size).toBe(bytes.length);
    expect((await read(served)).equals(bytes)).toBe(true);
    expect((await read(await store.get('originals/b'))).toString()).toBe('part one, part two');
    // No temp file is left beside them
    expect(readdirSync(path.join(root, 'originals'))).toEqual(['b']);
  });

  it('replaces an object put again', async () => {
    await store.put('previews/c.jpg', Buffer.from('first'));
    await store.put('previews/c.jpg', Buffer.from('second'));
    expect((await read(await store.get('previews/c.jpg'))).toString()).toBe('second');
  });

  it('answers undefined and false for what is not there, and deletes idempotently', async () => {
    expect(await store.get('sized/none-w64.jpg')).toBeUndefined();
    expect(await store.exists('sized/none-w64.jpg')).toBe(false);
    await store.put('sized/d-w64.jpg', Buffer.from('x'));
    expect(await store.exists('sized/d-w64.jpg')).toBe(true);
    await store.delete('sized/d-w64.jpg');
    await store.delete('sized/d-w64.jpg');
    expect(await store.exists('sized/d-w64.jpg')).toBe(false);
  });

  it.each(['../secrets/jwt', 'originals/../../x', 'other/a', 'originals/', '/etc/passwd', 'served/a/b.jpg'])(
    'refuses the key %s',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid image key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid image key/);
    },
  );
});
