// Opening an untrusted image for sharp: the kind is sniffed from content; JPEG, PNG and WebP go to
// libvips with a pixel limit (decompression bombs) and `failOn: 'warning'` (truncated or damaged
// data is refused, not guessed at); HEIC is decoded by libheif in WebAssembly (heic-decode, the
// decoder of heic-convert: sharp's prebuilt libvips has no HEVC decoder) straight to raw pixels,
// after its header's size was checked against the same limit.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import heicDecode from 'heic-decode';
import pLimit from 'p-limit';
import { PayloadTooLarge, UnsupportedMediaType, ValidationError } from '@printshop/shared-events/errors';
import { UPLOAD_MESSAGES, type ImageKind } from '@printshop/shared-events/rules/uploads';
import { IMAGE_MESSAGES, MAX_MEGAPIXELS } from '@printshop/shared-events/api/images';

// Decoding and resizing take a core and working memory each: at most IMAGE_JOBS of them run at
// once in a process, the others wait their turn. A burst of uploads or first GETs then costs time,
// not memory (before, 8 huge PNGs at once took the server from 0.25 to 2.3 GB).

/** One job per core, at most 4 (each holds up to some tens of MB of libvips buffers). */
export const IMAGE_JOBS = Math.max(1, Math.min(os.availableParallelism(), 4));

/** Runs `task` when a job slot is free. Never nest: a job must not wait for another job. */
export const imageJob: <T>(task: () => Promise<T>) => Promise<T> = pLimit(IMAGE_JOBS);

export const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000;

// Every upload is a new image: libvips' operation cache would only hold memory and file handles.
sharp.cache(false);

const sharpFormat: Record<ImageKind, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' };

export interface OpenedImage {
  /** Upright: EXIF orientation applied (HEIC: libheif applies its own transforms). */
  image: Sharp;
  /** Upright size. */
  width: number;
  height: number;
}

/** 400 with the spec's message; the field says what was wrong. */
export const unreadable = (field: string, detail: string = IMAGE_MESSAGES.damaged) =>
  new ValidationError(UPLOAD_MESSAGES.uploadRejected, { [field]: detail });

const tooManyPixels = () => new PayloadTooLarge(IMAGE_MESSAGES.tooManyPixels);

/** A sharp failure as the answer it deserves: the pixel limit is 413, anything else unreadable. */
export function imageError(error: unknown, field: string): Error {
  if (error instanceof ValidationError || error instanceof PayloadTooLarge) return error;
  if (error instanceof UnsupportedMediaType) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return unreadable(field);
}

// One HEIC decode at a time per process: it runs on the main thread and holds the whole bitmap.
const heicOneAtATime = pLimit(1);

async function openHeic(source: string | Buffer): Promise<OpenedImage> {
  const buffer = typeof source === 'string' ? await readFile(source) : source;
  return heicOneAtATime(() => imageJob(() => decodeHeic(buffer)));
}

async function decodeHeic(buffer: Buffer): Promise<OpenedImage> {
  const images = await heicDecode.all({ buffer });
  try {
    const primary = images[0];
    if (!primary) throw new Error('HEIF image not found');
    if (primary.width * primary.height > MAX_PIXELS) throw tooManyPixels();
    const { width, height, data } = await primary.decode();
    const image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
    return { image, width, height };
  } finally {
    images.dispose();
  }
}

/** Opens the image and reads its header; throws the API's error when it is not an acceptable image. */
export async function openImage(
  source: string | Buffer,
  kind: ImageKind,
  field: string,
): Promise<OpenedImage> {
  try {
    if (kind === 'heic') return await openHeic(source);
    // `failOn: 'warning'`, stricter than 'truncated': a photo cut short would decode with a grey
    // lower half (libjpeg fills what is missing) and a noisy one with smeared blocks, and a print
    // shop must not print a guess the shopper never saw whole; refused, they are asked for the file
    // again. A header that reads (metadata) proves little: the upload's preview decodes every pixel
    // (decodeUpload), so a file whose picture data is missing or damaged fails there.
    const image = sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'warning', autoOrient: true });
    const meta = await image.metadata();
    // A file that starts like one format and parses as another is not what it claims.
    if (meta.format !== sharpFormat[kind]) throw new UnsupportedMediaType(UPLOAD_MESSAGES.unsupportedType);
    const { width, height } = meta.autoOrient;
    if (!(width > 0 && height > 0)) throw unreadable(field);
    if (width * height > MAX_PIXELS) throw tooManyPixels();
    return { image, width, height };
  } catch (error) {
    throw imageError(error, field);
  }
}

/**
 * Large JPEGs are written without optimised Huffman tables: optimising makes libjpeg keep every DCT
 * coefficient of the whole image (about 6 bytes a pixel: 600 MB for 100 megapixels) for a file a
 * few percent smaller; without, the image streams through in strips.
 */
const streamedJpeg = { optimiseCoding: false } as const;

/** Full-size, upright, metadata-free JPEG (sharp writes no EXIF, XMP, IPTC or ICC unless asked). */
export const servedJpeg = (image: Sharp): Promise<Buffer> =>
  imageJob(() =>
    image
      .clone()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, ...streamedJpeg })
      .toBuffer(),
  );

/** The small preview kept beside each image: fits in a PREVIEW_BOX square. */
export const PREVIEW_BOX = 512;
export const previewJpeg = (image: Sharp, box: number = PREVIEW_BOX): Promise<Buffer> =>
  imageJob(() =>
    image
      .clone()
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );

/** A copy `width` pixels wide (never enlarged); from a JPEG, libjpeg shrinks while it decodes. */
export const sizedJpeg = (image: Sharp, width: number): Promise<Buffer> =>
  imageJob(() =>
    image
      .clone()
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, ...streamedJpeg })
      .toBuffer(),
  );
