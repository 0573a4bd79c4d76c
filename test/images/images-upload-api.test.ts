// API.md "Images" over real HTTP, uploading: every accepted type round-trips, files far over the
// JSON body limit are taken, orientation is applied and GPS never leaves the server, and print
// quality is judged from the crop in the raw image.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import {
  CookieJar,
  fetchImage,
  filePart,
  fixture,
  imageEvents,
  jpeg,
  picture,
  png,
  sha256,
  textPart,
  upload,
  webp,
} from './support';

let app: TestApp;
let imageDir: string;
appPerFile({ label: 'images_upload_api' }, (started) => {
  app = started;
  imageDir = path.join(app.dataDir, 'images');
});

describe('uploading one image of each accepted kind', () => {
  const kinds = [
    { kind: 'JPEG', make: () => jpeg(640, 480), type: 'image/jpeg', name: 'a.jpg', width: 640, height: 480 },
    { kind: 'PNG', make: () => png(300, 500), type: 'image/png', name: 'a.png', width: 300, height: 500 },
    { kind: 'WebP', make: () => webp(410, 220), type: 'image/webp', name: 'a.webp', width: 410, height: 220 },
    // test/fixtures/images/README.md says how it was made: 320 x 240, HEVC.
    {
      kind: 'HEIC',
      make: async () => fixture('sample.heic'),
      type: '',
      name: 'a.heic',
      width: 320,
      height: 240,
    },
  ];

  it.each(kinds)('$kind is stored, recorded and served as an upright JPEG', async (sample) => {
    // Given a file of that kind
    const bytes = await sample.make();
    // When it is uploaded
    const jar = new CookieJar();
    const { response, body } = await upload(
      app.url,
      '/api/images/single',
      [filePart('image', bytes, sample.name, sample.type)],
      { jar },
    );
    // Then it is answered with its id and size
    expect(response.status).toBe(201);
    expect(response.headers.get('x-event-position')).toMatch(/^\d+$/);
    const image = body.image as { id: string; width: number; height: number };
    expect(image).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      width: sample.width,
      height: sample.height,
    });
    // And the log records what was received, owned by the new guest session
    const [event, ...more] = await imageEvents(app.db, image.id);
    expect(more).toEqual([]);
    expect(event!.type).toBe('ImageUploaded');
    expect(event!.data).toMatchObject({
      imageId: image.id,
      role: 'single',
      contentHash: sha256(bytes),
      bytes: bytes.length,
      width: sample.width,
      height: sample.height,
      format: sample.kind.toLowerCase(),
      owner: { guestSession: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(jar.cookies.get('cart_session')).toBe(
      (event!.data.owner as { guestSession: string }).guestSession,
    );
    // And the original is kept byte for byte, beside a small preview
    expect(sha256(readFileSync(path.join(imageDir, 'originals', image.id)))).toBe(sha256(bytes));
    const preview = await sharp(path.join(imageDir, 'previews', `${image.id}.jpg`)).metadata();
    expect(preview.format).toBe('jpeg');
    expect(Math.max(preview.width, preview.height)).toBeLessThanOrEqual(512);

    // And GET /images/:id answers a JPEG of the same size, cached for good
    const served = await fetchImage(`${app.url}/images/${image.id}`);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/jpeg');
    expect(served.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: sample.width, height: sample.height });
    // And the same ETag gets a 304 without a body
    // (a browser revalidating sends max-age=0; fetch would otherwise add no-cache)
    const again = await fetchImage(`${app.url}/images/${image.id}`, {
      'if-none-match': etag!,
      'cache-control': 'max-age=0',
    });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });
});

describe('large files', () => {
  it('takes a file far over the 1 MiB limit of JSON bodies', async () => {
    // Given a 1,500 x 1,500 photo of noise at full quality: several MiB
    const noise = await sharp(
      Buffer.from(Array.from({ length: 1500 * 1500 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 1500, height: 1500, channels: 3 },
      },
    )
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    // When it is uploaded, then it is stored whole
    const { response, body } = await upload(app.url, '/api/images/single', [filePart('image', noise)]);
    expect(response.status).toBe(201);
    const [event] = await imageEvents(app.db, (body.image as { id: string }).id);
    expect(event!.data).toMatchObject({ bytes: noise.length, contentHash: sha256(noise) });
  });
});

describe('orientation and metadata', () => {
  it('applies EXIF orientation and serves no EXIF or GPS, full size or resized', async () => {
    // Given a 1200 x 800 photo whose EXIF says "rotate 90°", with the camera and where it was taken
    const bytes = await picture(1200, 800)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PrintShopCam' },
        IFD3: { GPSMapDatum: 'GPS-MARK-51N', GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(bytes).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif!.includes('GPS-MARK-51N')).toBe(true);
    expect(input.exif!.includes('PrintShopCam')).toBe(true);

    // When it is uploaded
    const { response, body } = await upload(app.url, '/api/images/single', [filePart('image', bytes)]);
    expect(response.status).toBe(201);
    const image = body.image as { id: string; width: number; height: number };
    // Then its size is the upright one
    expect(image).toMatchObject({ width: 800, height: 1200 });

    // And neither the served copy nor a resized one carries EXIF (so no GPS) or an orientation
    for (const url of [`${app.url}/images/${image.id}`, `${app.url}/api/images/${image.id}?w=300`]) {
      const { response: answer, bytes: served } = await fetchImage(url);
      expect(answer.status).toBe(200);
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(served.includes('PrintShopCam')).toBe(false);
      expect(served.includes('GPS-MARK-51N')).toBe(false);
    }
  });
});

describe('a raw image, its crop and the product', () => {
  it('judges print quality from the crop in the raw image, and records both images', async () => {
    // Given a 1600 x 2000 raw photo and a crop of 1200 x 1800 of it for a 4 x 6 in print
    const raw = await jpeg(1600, 2000);
    const cropped = await jpeg(600, 900);
    const crop = { x: 100, y: 150, width: 1200, height: 1800 };
    // When both are uploaded with the crop and the SKU
    const { response, body } = await upload(app.url, '/api/images', [
      filePart('rawImage', raw, 'IMG_1.jpg'),
      filePart('croppedImage', cropped, 'cropped_IMG_1.jpg'),
      textPart('crop', JSON.stringify(crop)),
      textPart('sku', '4x6photoprint'),
    ]);
    // Then 1800 px over 6 in (and 1200 over 4) is 300 DPI: good
    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      rawImage: { id: expect.any(String), width: 1600, height: 2000 },
      croppedImage: { id: expect.any(String), width: 600, height: 900 },
      print: { dpi: 300, quality: 'good' },
    });
    const rawId = (body.rawImage as { id: string }).id;
    const croppedId = (body.croppedImage as { id: string }).id;
    // And each image has its own stream, pointing at the other, with the crop and the judgement
    const [rawEvent] = await imageEvents(app.db, rawId);
    const [croppedEvent] = await imageEvents(app.db, croppedId);
    expect(rawEvent!.data).toMatchObject({
      role: 'raw',
      crop,
      sku: '4X6PHOTOPRINT',
      pairedImageId: croppedId,
    });
    expect(croppedEvent!.data).toMatchObject({
      role: 'cropped',
      sku: '4X6PHOTOPRINT',
      print: { dpi: 300, quality: 'good' },
      pairedImageId: rawId,
    });
  });

  it.each([
    { size: [1000, 1500], dpi: 250, quality: 'good' },
    { size: [600, 900], dpi: 150, quality: 'fair' },
    { size: [400, 600], dpi: 100, quality: 'poor' },
  ])('without a crop, judges the cropped image itself: $size px on 4 x 6 in is $quality', async (sample) => {
    const [width, height] = sample.size as [number, number];
    const { response, body } = await upload(app.url, '/api/images', [
      filePart('rawImage', await jpeg(2000, 3000)),
      filePart('croppedImage', await jpeg(width, height)),
      textPart('sku', '4X6PHOTOPRINT'),
    ]);
    expect(response.status).toBe(201);
    expect(body.print).toEqual({ dpi: sample.dpi, quality: sample.quality });
  });

  it('answers no print judgement when no product is named', async () => {
    const { response, body } = await upload(app.url, '/api/images', [
      filePart('rawImage', await jpeg(800, 600)),
      filePart('croppedImage', await jpeg(400, 300)),
    ]);
    expect(response.status).toBe(201);
    expect(body.print).toBeUndefined();
  });
});
