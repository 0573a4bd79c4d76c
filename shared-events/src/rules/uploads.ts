// Upload, crop and quantity rules of spec 2 §5 and its messages (§8), word for word. Where a message
// takes a number, a file name or a status it is a function.

import { countOf } from './plural';

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'heic';

/** Accepted declared types (the browser's File.type). HEIC/HEIF are converted on the server. */
export const ACCEPTED_IMAGE_TYPES: Readonly<Record<string, ImageKind>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};
export const ACCEPTED_IMAGE_EXTENSIONS: readonly string[] = [
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.heic',
  '.heif',
];
/** For <input type="file" accept=...>. */
export const IMAGE_ACCEPT_ATTRIBUTE = [
  ...Object.keys(ACCEPTED_IMAGE_TYPES),
  ...ACCEPTED_IMAGE_EXTENSIONS,
].join(',');

/** Spec 2 §9: 50MB per image (read as MiB, like API.md's "50 MiB a file"). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Spec 2 §5: the hint says up to 100 images at once; the limit is not enforced. */
export const UPLOAD_BATCH_HINT_COUNT = 100;
export const UPLOAD_BATCH_HINT = 'Upload up to 100 images at once';

/**
 * The browser-side check: a file is taken when its declared type is an accepted image type, or, when
 * the browser declares none (common for HEIC), when its name has an accepted extension. The server
 * judges by content (sniffImageKind).
 */
export function isAcceptedImageFile(file: { type: string; name: string }): boolean {
  const type = file.type.toLowerCase();
  if (type) return type in ACCEPTED_IMAGE_TYPES;
  const name = file.name.toLowerCase();
  return ACCEPTED_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
}

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The image kind from the file's first bytes (at least 32 for HEIF), whatever its name or declared type. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, compatible brands after the minor version. mif1 alone is generic
    // HEIF, shared with AVIF, which we do not take.
    const boxSize = Math.min(
      bytes.length,
      ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return undefined;
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
  }
  return undefined;
}

// Crop (spec 2 §5).
export const CROP_ZOOM_MIN = 1;
export const CROP_ZOOM_MAX = 3;
export const CROP_ZOOM_STEP_PRINT = 0.1;
export const CROP_ZOOM_STEP_COLLAGE = 0.05;
export const DEFAULT_CROP_ASPECT = 1;

/** Zoom kept within 1..3 and to two decimals, so repeated steps do not drift (0.1 + 0.2). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return CROP_ZOOM_MIN;
  return Math.round(Math.min(CROP_ZOOM_MAX, Math.max(CROP_ZOOM_MIN, zoom)) * 100) / 100;
}

export const stepZoom = (zoom: number, direction: 1 | -1, step: number): number =>
  clampZoom(zoom + direction * step);

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A crop area is usable when it has a positive size and lies within the image. */
export function isValidCropArea(area: CropArea, image?: { width: number; height: number }): boolean {
  const values = [area.x, area.y, area.width, area.height];
  if (!values.every(Number.isFinite) || area.x < 0 || area.y < 0 || area.width <= 0 || area.height <= 0)
    return false;
  return !image || (area.x + area.width <= image.width && area.y + area.height <= image.height);
}

// Quantities (spec 2 §5).

/** Per-image quantity: a whole number of at least 1, else the change is ignored (the old value stays). */
export function nextImageQuantity(current: number, entered: unknown): number {
  const value = typeof entered === 'string' ? Number(entered.trim() || Number.NaN) : entered;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : current;
}

/** Collage quantity and the bulk quantity set: not a number or below 1 becomes 1; no upper bound. */
export function collageQuantity(entered: unknown): number {
  const value = typeof entered === 'string' ? Number.parseInt(entered, 10) : entered;
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

// Messages (spec 2 §5 and §8).
const REJECTED_NAMES_SHOWN = 3;
const REJECTED_LIST = new Intl.ListFormat('en-US', { type: 'conjunction' });

export const UPLOAD_MESSAGES = {
  /** Names the first few files, so the shopper knows which ones to look at. */
  filesRejected: (names: readonly string[]) => {
    const shown = names.slice(0, REJECTED_NAMES_SHOWN);
    const more = names.length - shown.length;
    const listed = REJECTED_LIST.format(more > 0 ? [...shown, `${more} more`] : shown);
    const ensure = names.length === 1 ? 'it is a valid image file' : 'they are valid image files';
    return `${countOf(names.length, 'file', 'files')} could not be processed: ${listed}. Please ensure ${ensure}.`;
  },
  /** The server's answer to an upload it cannot read: it has one file, and no name it can trust. */
  uploadRejected: '1 file could not be processed. Please ensure it is a valid image file.',
  /** Ours: spec 2 §9 states the limit but not its message. */
  fileTooLarge: (fileName: string) => `${fileName} is larger than 50 MB. Please choose a smaller image.`,
  /** Ours: the server's answer (415) when the content is not an accepted image. */
  unsupportedType: 'Only PNG, JPEG, WebP and HEIC images can be uploaded.',
  invalidCropArea: 'Cropping failed: Invalid crop area received.',
  imageDataMissing: 'Failed to find the image data for cropping.',
  noCanvasContext: 'Could not get canvas context',
  canvasEmpty: 'Canvas is empty',
  processing: 'Processing Image... Please wait while the image is uploaded.',
  noValidImages: 'No valid images to add to cart.',
  unknownAddError: 'An unknown error occurred while adding items.',
  apiUploadFailed: 'Image upload failed according to API response.',
  incompleteUploadResponse: 'Upload succeeded according to API, but response data is incomplete.',
  selectImageFile: 'Please select an image file',
  imageFileMissing: 'Image file is missing',
  collageBlobMissing: 'Collage blob is missing',
  collageIdMissing: 'Failed to get collage ID from upload response',
  collageAddFailed: 'Failed to create collage. Please try again.',
  collagesAddFailed: 'Failed to add collages to cart. Please try again.',
  collageSaveFailed: 'Failed to save collage. Please try again.',
  collageAdded: 'Collage added to cart!',
  collageSaved: 'Collage saved! Create another one or add all to cart.',
  collagesAdded: (count: number) => `${count} collages added to cart!`,
  cropMore: (count: number) => `Crop ${count} more`,
  addMorePhotos: (count: number) => `Add ${count} more photo${count === 1 ? '' : 's'}`,
  batchCropTitle: (index: number, total: number) => `Batch Crop (${index}/${total})`,
  photosAdded: (added: number, slots: number) => `${added} of ${slots} photos added`,
} as const;

/**
 * The upload-failure banner: 'Failed to process image {name}.' then the network note when the error
 * mentions fetch, else the status when there is one (and the server's own sentence when it sent one:
 * what is wrong with the file, spec 1 §8), else the error's message or 'Unknown error'.
 */
export function uploadFailedMessage(
  fileName: string,
  error: { message?: string; status?: number; serverMessage?: string } | undefined,
): string {
  const head = `Failed to process image ${fileName}.`;
  if (error?.message && /fetch/i.test(error.message)) return `${head} Network error or server unreachable.`;
  if (error?.status !== undefined) {
    const status = `${head} Server responded with status ${error.status}.`;
    return error.serverMessage ? `${status} ${error.serverMessage}` : status;
  }
  return `${head} ${error?.message || 'Unknown error'}`;
}
