// The ImageStore port: where uploaded photos and the copies made from them live. The filesystem
// adapter is infra/src/images/file-image-store.ts; an S3-compatible one can implement the same four
// calls. Keys are flat paths of a few kinds (imageKeys); originals are private and never served.
import type { Readable } from 'node:stream';

export interface StoredImage {
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface ImageStore {
  /** Writes the whole object or nothing (a reader never sees half a file); replaces one already there. */
  put(key: string, body: Readable | Uint8Array): Promise<{ size: number }>;
  /** Undefined when there is no such object. */
  get(key: string): Promise<StoredImage | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removing an object that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** The widths GET /api/images/:id?w= rounds up to, so a client cannot make us keep thousands of sizes. */
export const SIZED_WIDTHS = [64, 128, 256, 512, 768, 1024, 1536, 2048, 3072, 4096] as const;

export const imageKeys = {
  /** The uploaded file as received: private (the proof of what was uploaded, and the print source). */
  original: (imageId: string) => `originals/${imageId}`,
  /** Upright, metadata-free JPEG at full size: what GET /images/:id answers. */
  served: (imageId: string) => `served/${imageId}.jpg`,
  /** Small upright JPEG made at upload. */
  preview: (imageId: string) => `previews/${imageId}.jpg`,
  sized: (imageId: string, width: number) => `sized/${imageId}-w${width}.jpg`,
};

/** Every key an image can have, for deleting all of it. */
export const allImageKeys = (imageId: string): string[] => [
  imageKeys.original(imageId),
  imageKeys.served(imageId),
  imageKeys.preview(imageId),
  ...SIZED_WIDTHS.map((width) => imageKeys.sized(imageId, width)),
];

/** A key is one of the kinds above with a plain name: no path tricks reach an adapter. */
export const isValidImageKey = (key: string): boolean =>
  /^(originals|served|previews|sized)\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(key) && !key.includes('..');
