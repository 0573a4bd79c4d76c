// Hostile and broken uploads over real HTTP: each is refused with its status and API.md's JSON
// error, nothing is stored or recorded, no temp file is left, and a 60 MiB upload does not grow
// the server's memory by anything like its size (the app runs in this process).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import {
  avif,
  corruptJpeg,
  gif,
  html,
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
import { filePart, fixture, jpeg, textPart, upload, type Part } from './support';

let app: TestApp;

// vitest runs without --expose-gc; this turns it on for this file's process.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
/** A scavenge (fast): the socket chunks of an upload are young garbage. */
const collectGarbage = () => gc({ type: 'minor' });

beforeAll(async () => {
  app = await startTestApp({ label: 'images_hostile' });
});
afterAll(() => app?.stop());

const count = async (table: string, where: Record<string, string>) =>
  Number((await app.db(table).where(where).count({ n: '*' }))[0]!.n);
const imageEventCount = () => count('es_events', { category: 'image' });
const filesIn = (dir: string) => {
  const full = path.join(app.dataDir, dir);
  return existsSync(full) ? readdirSync(full) : [];
};

const unsupported = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_MESSAGES.unsupportedType };
const unreadable = (detail: string, field = 'image') => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message: UPLOAD_MESSAGES.filesRejected(1),
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
    const originalsBefore = filesIn('images/originals').length;
    // When the file is uploaded
    const { response, body } = await upload(app.url, route, await parts());
    // Then it is refused with its status and the JSON error of API.md
    expect(response.status).toBe(expected.status);
    const { status: _status, ...error } = expected;
    expect(body).toEqual({ success: false, ...error });
    // And nothing was recorded or kept, and no temp file is left behind
    expect(await imageEventCount()).toBe(eventsBefore);
    expect(filesIn('images/originals').length).toBe(originalsBefore);
    expect(filesIn('tmp/uploads')).toEqual([]);
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

/**
 * Posts a multipart body holding one file of `totalBytes`, written from a single reused 1 MiB chunk
 * with back-pressure (chunked, no Content-Length): the client side allocates next to nothing.
 */
function postStreamedFile(url: string, fileName: string, totalBytes: number) {
  const boundary = `----printshop-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const chunk = Buffer.alloc(1024 * 1024, 0x5a);
  chunk.set([0xff, 0xd8, 0xff, 0xe0]); // sniffs as a JPEG
  let answered = false;
  let sent = 0;
  let closed: () => void;
  const connectionClosed = new Promise<number>((resolve) => (closed = () => resolve(sent)));
  return new Promise<{
    status: number;
    body: unknown;
    headers: http.IncomingHttpHeaders;
    /** Resolves with the bytes sent when the server has closed the connection. */
    connectionClosed: Promise<number>;
  }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: JSON.parse(Buffer.concat(parts).toString('utf8')),
            connectionClosed,
          }),
        );
      },
    );
    // The server may answer (and close) before all is sent: then the answer is what counts.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.on('close', () => closed());
    void (async () => {
      request.write(head);
      for (sent = 0; sent < totalBytes && !answered && !request.destroyed; sent += chunk.length) {
        if (!request.write(chunk.subarray(0, Math.min(chunk.length, totalBytes - sent))))
          await new Promise((drained) => {
            request.once('drain', drained);
            request.once('close', drained);
          });
      }
      if (!request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

describe('a 60 MiB upload', () => {
  it('is refused with 413 naming the file, streamed to disk without holding it in memory', async () => {
    // Given the process's memory now (the app runs in this process). A full GC before each sample
    // keeps garbage (socket chunks already written to disk) out of the figures: they show what is held.
    collectGarbage();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakBuffers = before.arrayBuffers;
    const sampler = setInterval(() => {
      collectGarbage();
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    }, 5);
    // When a 60 MiB file is uploaded
    let answer: { status: number; body: unknown };
    try {
      answer = await postStreamedFile(`${app.url}/api/images/single`, 'huge-scan.jpg', 60 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
    }
    // Then it is refused with the file's name
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.fileTooLarge('huge-scan.jpg'),
    });
    // And neither the process nor its buffers grew by anything like the file's size
    const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    console.log(
      `60 MiB upload: peak RSS growth ${mib(peakRss - before.rss)} MiB, ` +
        `peak buffer growth ${mib(peakBuffers - before.arrayBuffers)} MiB`,
    );
    // (holding the file would take at least the 50 MiB kept before the limit; a third of it is the bar)
    expect(peakRss - before.rss).toBeLessThan(20 * 1024 * 1024);
    expect(peakBuffers - before.arrayBuffers).toBeLessThan(20 * 1024 * 1024);
    // And the temp file is gone
    expect(filesIn('tmp/uploads')).toEqual([]);
  });
});

describe('a request far over the limits', () => {
  it('is cut short when it streams past them: 413 naming the file, and the connection closed', async () => {
    const answer = await postStreamedFile(`${app.url}/api/images/single`, 'endless.jpg', 200 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.fileTooLarge('endless.jpg'),
    });
    // The server answered, lingered a moment, then cut the connection long before 200 MiB.
    expect(await answer.connectionClosed).toBeLessThan(100 * 1024 * 1024);
    expect(filesIn('tmp/uploads')).toEqual([]);
  });

  it('is refused before reading when its declared length is over them', async () => {
    let connectionClosed!: Promise<void>;
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = http.request(
        `${app.url}/api/images/single`,
        {
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(200 * 1024 * 1024),
          },
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              body: JSON.parse(Buffer.concat(parts).toString('utf8')),
            }),
          );
        },
      );
      request.on('error', reject);
      connectionClosed = new Promise((closed) => request.on('close', closed));
      request.write('--x\r\n'); // and nothing more: the answer must not wait for the rest
    });
    expect(answer).toEqual({
      status: 413,
      body: { success: false, code: 'PAYLOAD_TOO_LARGE', message: IMAGE_MESSAGES.requestTooLarge },
    });
    // and the server cuts the connection (after a short linger) rather than wait for 200 MiB
    await connectionClosed;
  });
});
