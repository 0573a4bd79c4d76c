// Hostile and broken files uploaded over real HTTP: each is refused with its status and API.md's
// JSON error, nothing is stored or recorded, and no temp file is left.
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import {
  avif,
  corruptJpeg,
  gif,
  html,
  jpegMagicOnly,
  jpegMagicThenHtml,
  pdf,
  pngBomb,
  pngClaiming,
  pngWithTrailingScript,
  svg,
  tiff,
  truncatedHeic,
  truncatedJpeg,
} from './hostile-files';
import { filePart, filesIn, fixture, jpeg, textPart, upload, type Part } from './support';

let app: TestApp;
appPerFile({ label: 'images_hostile' }, (started) => (app = started));

const count = async (table: string, where: Record<string, string>) =>
  Number((await app.db(table).where(where).count({ n: '*' }))[0]!.n);
const imageEventCount = () => count('es_events', { category: 'image' });

const unsupported = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_MESSAGES.unsupportedType };
const unreadable = (detail: string, field = 'image') => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message: UPLOAD_MESSAGES.uploadRejected,
  errors: { [field]: detail },
});
const tooManyPixels = { status: 413, code: 'PAYLOAD_TOO_LARGE', message: IMAGE_MESSAGES.tooManyPixels };
const invalid = (field: string, message: string, detail = message) => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message,
  errors: { [field]: detail },
});

const single =
  (bytes: Uint8Array | Promise<Uint8Array>, name = 'photo.jpg', type = 'image/jpeg') =>
  async () => [filePart('image', await bytes, name, type)];
const pair = (extra: Part[]) => async () => [
  filePart('rawImage', await jpeg(1000, 800), 'IMG_2.jpg'),
  filePart('croppedImage', await jpeg(500, 400), 'cropped_IMG_2.jpg'),
  ...extra,
];

interface HostileCase {
  name: string;
  route: '/api/images' | '/api/images/single';
  parts: () => Promise<Part[]>;
  expected: { status: number; code: string; message: string; errors?: Record<string, string> };
}

const cases: HostileCase[] = [
  {
    name: 'a decompression bomb (a valid 12,000 x 12,000 PNG, 144 megapixels)',
    route: '/api/images/single',
    parts: single(pngBomb(12_000, 12_000), 'bomb.png', 'image/png'),
    expected: tooManyPixels,
  },
  {
    name: 'a PNG header claiming 65,535 x 65,535 pixels',
    route: '/api/images/single',
    parts: single(pngClaiming(65_535, 65_535), 'huge.png', 'image/png'),
    expected: tooManyPixels,
  },
  {
    name: 'a PNG with a script after its end',
    route: '/api/images/single',
    parts: single(pngWithTrailingScript(), 'polyglot.png', 'image/png'),
    expected: unreadable(IMAGE_MESSAGES.dataAfterImage),
  },
  {
    name: 'a zero-pixel (1 x 0) PNG',
    route: '/api/images/single',
    parts: single(pngClaiming(1, 0), 'zero.png', 'image/png'),
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: 'a truncated JPEG',
    route: '/api/images/single',
    parts: single(truncatedJpeg()),
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: 'a JPEG whose pixel data is noise',
    route: '/api/images/single',
    parts: single(corruptJpeg()),
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: "JPEG's magic bytes followed by a web page",
    route: '/api/images/single',
    parts: single(jpegMagicThenHtml()),
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: "JPEG's magic bytes over no picture (the tester's corrupt.jpg)",
    route: '/api/images/single',
    parts: single(jpegMagicOnly(), 'corrupt.jpg'),
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: 'a raw image with no picture beside a good cropped one',
    route: '/api/images',
    parts: async () => [
      filePart('rawImage', jpegMagicOnly(), 'corrupt.jpg'),
      filePart('croppedImage', await jpeg(500, 400), 'cropped_corrupt.jpg'),
    ],
    expected: unreadable(IMAGE_MESSAGES.damaged, 'rawImage'),
  },
  {
    name: 'a truncated HEIC',
    route: '/api/images/single',
    parts: async () => [filePart('image', truncatedHeic(fixture('sample.heic')), 'IMG_3.heic', '')],
    expected: unreadable(IMAGE_MESSAGES.damaged),
  },
  {
    name: 'an SVG with a script',
    route: '/api/images/single',
    parts: single(svg(), 'drawing.svg', 'image/svg+xml'),
    expected: unsupported,
  },
  {
    name: 'an HTML page',
    route: '/api/images/single',
    parts: single(html(), 'page.html', 'text/html'),
    expected: unsupported,
  },
  {
    name: 'a text file named .jpg and declared image/jpeg',
    route: '/api/images/single',
    parts: single(Buffer.from('just some text, not a photo\n'), 'photo.jpg', 'image/jpeg'),
    expected: unsupported,
  },
  {
    name: 'a GIF',
    route: '/api/images/single',
    parts: single(gif(), 'anim.gif', 'image/gif'),
    expected: unsupported,
  },
  {
    name: 'a PDF',
    route: '/api/images/single',
    parts: single(pdf(), 'doc.pdf', 'application/pdf'),
    expected: unsupported,
  },
  {
    name: 'a TIFF',
    route: '/api/images/single',
    parts: single(tiff(), 'scan.tif', 'image/tiff'),
    expected: unsupported,
  },
  {
    name: 'an AVIF (HEIF container, AV1: not HEIC)',
    route: '/api/images/single',
    parts: single(avif(), 'photo.heic', 'image/heic'),
    expected: unsupported,
  },
  {
    name: 'an empty file',
    route: '/api/images/single',
    parts: single(Buffer.alloc(0)),
    expected: unreadable(IMAGE_MESSAGES.emptyFile),
  },
  {
    name: 'a file in the wrong field',
    route: '/api/images/single',
    parts: async () => [filePart('photo', await jpeg(100, 100))],
    expected: invalid('photo', IMAGE_MESSAGES.unexpectedFile),
  },
  {
    name: 'no file at all',
    route: '/api/images/single',
    parts: async () => [textPart('note', 'hello')],
    expected: invalid('image', IMAGE_MESSAGES.fileRequired),
  },
  {
    name: 'two files in `image`',
    route: '/api/images/single',
    parts: async () => [filePart('image', await jpeg(100, 100)), filePart('image', await jpeg(120, 100))],
    expected: invalid('image', IMAGE_MESSAGES.oneFileOnly),
  },
  {
    name: 'a raw image without its cropped image',
    route: '/api/images',
    parts: async () => [filePart('rawImage', await jpeg(100, 100))],
    expected: invalid('croppedImage', IMAGE_MESSAGES.fileRequired),
  },
  {
    name: 'a crop that is not JSON',
    route: '/api/images',
    parts: pair([textPart('crop', '{x: 1, y: 2')]),
    expected: invalid('crop', 'Some fields are not valid', 'crop must be JSON {x, y, width, height}'),
  },
  {
    name: 'a crop with a negative size',
    route: '/api/images',
    parts: pair([textPart('crop', JSON.stringify({ x: 0, y: 0, width: -5, height: 10 }))]),
    expected: {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Some fields are not valid',
      errors: { 'crop.width': expect.any(String) },
    },
  },
  {
    name: 'a crop reaching outside the raw image',
    route: '/api/images',
    parts: pair([textPart('crop', JSON.stringify({ x: 600, y: 0, width: 500, height: 400 }))]),
    expected: invalid('crop', UPLOAD_MESSAGES.invalidCropArea),
  },
  {
    name: 'an unknown SKU',
    route: '/api/images',
    parts: pair([textPart('sku', 'NOSUCHPRINT')]),
    expected: invalid('sku', IMAGE_MESSAGES.unknownSku),
  },
  {
    name: 'a bad cropped image beside a good raw one',
    route: '/api/images',
    parts: async () => [
      filePart('rawImage', await jpeg(100, 100)),
      filePart('croppedImage', svg(), 'c.svg', 'image/svg+xml'),
    ],
    expected: unsupported,
  },
];

describe('hostile uploads', () => {
  it.each(cases)('refuses $name', async ({ route, parts, expected }) => {
    // Given the log and the store as they are
    const eventsBefore = await imageEventCount();
    const originalsBefore = filesIn(app, 'images/originals').length;
    // When the file is uploaded
    const { response, body } = await upload(app.url, route, await parts());
    // Then it is refused with its status and the JSON error of API.md
    expect(response.status).toBe(expected.status);
    const { status: _status, ...error } = expected;
    expect(body).toEqual({ success: false, ...error });
    // And nothing was recorded or kept, and no temp file is left behind
    expect(await imageEventCount()).toBe(eventsBefore);
    expect(filesIn(app, 'images/originals').length).toBe(originalsBefore);
    expect(filesIn(app, 'tmp/uploads')).toEqual([]);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await fetch(`${app.url}/api/images/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image: 'aGVsbG8=' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: IMAGE_MESSAGES.notMultipart,
    });
  });
});
