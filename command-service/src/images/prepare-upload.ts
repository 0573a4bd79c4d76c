// One received file turned into what is kept: judged by content, decoded (which proves it whole),
// sized, its preview made, and stored.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { UnsupportedMediaType } from '@printshop/shared-events/errors';
import { allImageKeys, imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
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

/** The checks that need no decoding: empty, kind by content, PNG end. */
async function judgeKind(file: ReceivedFile): Promise<ImageKind> {
  if (file.bytes === 0) throw unreadable(file.field, IMAGE_MESSAGES.emptyFile);
  const kind = sniffImageKind(file.head);
  if (!kind) throw new UnsupportedMediaType(UPLOAD_MESSAGES.unsupportedType);
  if (kind === 'png' && !(await endsWithPngEnd(file)))
    throw unreadable(file.field, IMAGE_MESSAGES.dataAfterImage);
  return kind;
}

async function decodeUpload(file: ReceivedFile, kind: ImageKind): Promise<PreparedUpload> {
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

/**
 * Judges and decodes the file and stores it under `imageId`: the original (private), the preview
 * and, when made, the served copy. The original is copied while the image is being decoded (the
 * copy costs no extra time); when the file is refused, nothing of it stays.
 */
export async function prepareAndKeep(
  file: ReceivedFile,
  imageId: string,
  images: ImageStore,
): Promise<PreparedUpload> {
  const kind = await judgeKind(file);
  const original = images.put(imageKeys.original(imageId), createReadStream(file.path));
  original.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
  try {
    const prepared = await decodeUpload(file, kind);
    await original;
    await images.put(imageKeys.preview(imageId), prepared.preview);
    if (prepared.served) await images.put(imageKeys.served(imageId), prepared.served);
    return prepared;
  } catch (error) {
    await original.catch(() => undefined);
    await removeImageFiles(images, allImageKeys(imageId));
    throw error;
  }
}

export async function removeImageFiles(images: ImageStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => images.delete(key)));
}
