// The ImageStore on the local filesystem (IMAGE_DIR, default DATA_DIR/images): one file per key.
// A put writes a temp file beside the target and renames it, so readers see all of it or nothing,
// and two processes making the same copy at once both succeed. Several gateways need a shared
// directory (or an S3 adapter of the same port).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidImageKey, type ImageStore, type StoredImage } from '@printshop/shared-events/image-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createFileImageStore(root: string): ImageStore {
  const dir = path.resolve(root);
  const fileOf = (key: string) => {
    if (!isValidImageKey(key)) throw new Error(`Invalid image key "${key}"`);
    return path.join(dir, key);
  };

  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        const source = body instanceof Uint8Array ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },

    async get(key): Promise<StoredImage | undefined> {
      const file = fileOf(key);
      try {
        // Opened first, so a delete between here and the read cannot fail the stream half-way.
        const handle = await open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
