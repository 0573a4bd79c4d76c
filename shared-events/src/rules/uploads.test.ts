import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  collageQuantity,
  CROP_ZOOM_STEP_COLLAGE,
  CROP_ZOOM_STEP_PRINT,
  isAcceptedImageFile,
  isValidCropArea,
  MAX_UPLOAD_BYTES,
  nextImageQuantity,
  sniffImageKind,
  stepZoom,
  UPLOAD_MESSAGES,
  uploadFailedMessage,
} from './uploads';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('accepted files', () => {
  it.each([
    ['image/png', 'a.png', true],
    ['image/jpeg', 'a.jpg', true],
    ['image/jpg', 'a.jpg', true],
    ['image/webp', 'a.webp', true],
    ['image/heic', 'a.heic', true],
    ['image/heif', 'a.heif', true],
    ['', 'IMG_0001.HEIC', true],
    ['image/gif', 'a.gif', false],
    ['application/pdf', 'a.png', false],
    ['', 'notes.txt', false],
  ])('type %j named %j: %s', (type, name, accepted) => {
    expect(isAcceptedImageFile({ type, name })).toBe(accepted);
  });

  it('allows 50 MiB a file', () => {
    expect(MAX_UPLOAD_BYTES).toBe(52_428_800);
  });
});

describe('sniffImageKind judges by content', () => {
  it('knows PNG, JPEG, WebP and HEIC', () => {
    expect(sniffImageKind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageKind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe('heic');
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1heic'))).toBe('heic');
  });

  it('refuses AVIF, GIF, text and too few bytes', () => {
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypavif', [0, 0, 0, 0], 'avifmif1'))).toBeUndefined();
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBeUndefined();
    expect(sniffImageKind(bytes('GIF89a'))).toBeUndefined();
    expect(sniffImageKind(bytes('<svg xmlns='))).toBeUndefined();
    expect(sniffImageKind(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageKind(new Uint8Array())).toBeUndefined();
  });
});

describe('crop zoom', () => {
  it('stays within 1..3 and steps by 0.1 (print) or 0.05 (collage) without drift', () => {
    let zoom = 1;
    for (let i = 0; i < 3; i++) zoom = stepZoom(zoom, 1, CROP_ZOOM_STEP_PRINT);
    expect(zoom).toBe(1.3);
    expect(stepZoom(1, -1, CROP_ZOOM_STEP_PRINT)).toBe(1);
    expect(stepZoom(2.98, 1, CROP_ZOOM_STEP_COLLAGE)).toBe(3);
    expect(stepZoom(1.5, 1, CROP_ZOOM_STEP_COLLAGE)).toBe(1.55);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(7)).toBe(3);
  });

  it('needs a crop area of positive size inside the image', () => {
    expect(isValidCropArea({ x: 0, y: 0, width: 100, height: 100 }, { width: 100, height: 100 })).toBe(true);
    expect(isValidCropArea({ x: 1, y: 0, width: 100, height: 100 }, { width: 100, height: 100 })).toBe(false);
    expect(isValidCropArea({ x: 0, y: 0, width: 0, height: 100 })).toBe(false);
    expect(isValidCropArea({ x: -1, y: 0, width: 10, height: 10 })).toBe(false);
    expect(isValidCropArea({ x: 0, y: 0, width: Number.NaN, height: 10 })).toBe(false);
  });
});

describe('quantities', () => {
  it('per image: whole numbers of at least 1, anything else leaves the quantity as it was', () => {
    expect(nextImageQuantity(3, 5)).toBe(5);
    expect(nextImageQuantity(3, '7')).toBe(7);
    expect(nextImageQuantity(3, 0)).toBe(3);
    expect(nextImageQuantity(3, -2)).toBe(3);
    expect(nextImageQuantity(3, 1.5)).toBe(3);
    expect(nextImageQuantity(3, 'abc')).toBe(3);
    expect(nextImageQuantity(3, '')).toBe(3);
  });

  it('collage: not a number or below 1 becomes 1, no upper bound', () => {
    expect(collageQuantity('abc')).toBe(1);
    expect(collageQuantity('')).toBe(1);
    expect(collageQuantity(0)).toBe(1);
    expect(collageQuantity(-4)).toBe(1);
    expect(collageQuantity(Number.NaN)).toBe(1);
    expect(collageQuantity('12')).toBe(12);
    expect(collageQuantity(2.7)).toBe(2);
    expect(collageQuantity(100_000)).toBe(100_000);
  });
});

describe('messages', () => {
  it('given rejected files, then the message counts them in proper English and names the first three', () => {
    expect(UPLOAD_MESSAGES.filesRejected(['notes.jpg'])).toBe(
      '1 file could not be processed: notes.jpg. Please ensure it is a valid image file.',
    );
    expect(UPLOAD_MESSAGES.filesRejected(['notes.jpg', 'empty.png'])).toBe(
      '2 files could not be processed: notes.jpg and empty.png. Please ensure they are valid image files.',
    );
    expect(UPLOAD_MESSAGES.filesRejected(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'])).toBe(
      '5 files could not be processed: a.jpg, b.jpg, c.jpg, and 2 more. Please ensure they are valid image files.',
    );
    expect(UPLOAD_MESSAGES.collagesAdded(3)).toBe('3 collages added to cart!');
  });

  it('explain an upload failure by network, status or message', () => {
    expect(uploadFailedMessage('a.jpg', { message: 'Failed to fetch' })).toBe(
      'Failed to process image a.jpg. Network error or server unreachable.',
    );
    expect(uploadFailedMessage('a.jpg', { message: 'Bad', status: 413 })).toBe(
      'Failed to process image a.jpg. Server responded with status 413.',
    );
    // The server's own sentence says what is wrong with the file.
    const tooBig = 'The image has too many pixels (at most 100 megapixels).';
    expect(uploadFailedMessage('a.jpg', { message: tooBig, status: 413, serverMessage: tooBig })).toBe(
      `Failed to process image a.jpg. Server responded with status 413. ${tooBig}`,
    );
    expect(uploadFailedMessage('a.jpg', { message: 'Disk full' })).toBe(
      'Failed to process image a.jpg. Disk full',
    );
    expect(uploadFailedMessage('a.jpg', undefined)).toBe('Failed to process image a.jpg. Unknown error');
  });
});
