// One received file turned into what is kept: judged by content, decoded (which proves it whole),
// sized, and its preview made. Kept in two steps so that a request with a bad crop or a second
// bad file stores nothing.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { UnsupportedMediaType } from '@printshop/shared-events/errors';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { sniffImageKind, UPLOAD_MESSAGES, type ImageKind } from '@printshop/shared-events/rules/uploads';
import { imageError, openImage, previewJpeg, servedJpeg, unreadable } from './decode';
import { IMAGE_MESSAGES } from './messages';
import type { ReceivedFile } from './receive-upload';

export interface PreparedUpload {
  file: ReceivedFile;
  kind: ImageKind;
  /** Upright. */
  width: number;
  height: number;
  preview: Buffer;
  /** Made at once only for HEIC (already decoded here); other kinds get theirs on first request. */
  served?: Buffer;
}

// The last chunk of every PNG: length 0, 'IEND', its CRC.
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** A PNG ends with IEND; bytes after it are no image (a polyglot: script or archive riding along). */
async function endsWithPngEnd(file: ReceivedFile): Promise<boolean> {
  if (file.bytes < PNG_END.length) return false;
  const handle = await open(file.path, 'r');
  try {
    const tail = Buffer.alloc(PNG_END.length);
    await handle.read(tail, 0, tail.length, file.bytes - tail.length);
    return tail.equals(PNG_END);
  } finally {
    await handle.close();
  }
}

export async function prepareUpload(file: ReceivedFile): Promise<PreparedUpload> {
  if (file.bytes === 0) throw unreadable(file.field, IMAGE_MESSAGES.emptyFile);
  const kind = sniffImageKind(file.head);
  if (!kind) throw new UnsupportedMediaType(UPLOAD_MESSAGES.unsupportedType);
  if (kind === 'png' && !(await endsWithPngEnd(file))) throw unreadable(file.field, IMAGE_MESSAGES.dataAfterImage);
  const { image, width, height } = await openImage(file.path, kind, file.field);
  try {
    // Making the preview decodes every pixel, so a truncated or damaged file fails here.
    const [preview, served] = await Promise.all([
      previewJpeg(image),
      kind === 'heic' ? servedJpeg(image) : undefined,
    ]);
    return { file, kind, width, height, preview, served };
  } catch (error) {
    throw imageError(error, file.field);
  }
}

/** Stores the original (private), the preview and, when made, the served copy. */
export async function keepUpload(prepared: PreparedUpload, imageId: string, images: ImageStore): Promise<void> {
  const puts: Array<[string, () => Parameters<ImageStore['put']>[1]]> = [
    [imageKeys.original(imageId), () => createReadStream(prepared.file.path)],
    [imageKeys.preview(imageId), () => prepared.preview],
  ];
  if (prepared.served) puts.push([imageKeys.served(imageId), () => prepared.served!]);
  try {
    for (const [key, body] of puts) await images.put(key, body());
  } catch (error) {
    await removeImageFiles(images, puts.map(([key]) => key));
    throw error;
  }
}

export async function removeImageFiles(images: ImageStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => images.delete(key)));
}
