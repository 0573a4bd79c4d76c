// API.md "Images" over real HTTP: every accepted type round-trips, orientation is applied and GPS
// never leaves the server, print quality is judged, copies are made once, and only the uploader's
// session (or user) can delete.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import {
  CookieJar,
  filePart,
  fixture,
  imageEvents,
  jpeg,
  picture,
  png,
  textPart,
  upload,
  webp,
} from './support';

let app: TestApp;
let imageDir: string;

beforeAll(async () => {
  app = await startTestApp({ label: 'images_api' });
  imageDir = path.join(app.dataDir, 'images');
});
afterAll(() => app?.stop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

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

describe('resized copies', () => {
  it('are rounded to a few widths, made once and then served from the store', async () => {
    // Given an image 2000 px wide
    const { body } = await upload(app.url, '/api/images/single', [filePart('image', await jpeg(2000, 1000))]);
    const id = (body.image as { id: string }).id;
    // When a 300 px copy is asked for
    const first = await fetchImage(`${app.url}/api/images/${id}?w=300`);
    // Then a 512 px copy is made and kept
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(first.bytes).metadata()).width).toBe(512);
    const file = path.join(imageDir, 'sized', `${id}-w512.jpg`);
    const made = statSync(file);
    // And asking again (for any width that rounds the same) answers the kept file, not a new one
    const second = await fetchImage(`${app.url}/api/images/${id}?w=400`);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const kept = statSync(file);
    expect([kept.ino, kept.mtimeMs]).toEqual([made.ino, made.mtimeMs]);
    // And a width beyond the image answers the full image, with no copy made
    const wide = await fetchImage(`${app.url}/api/images/${id}?w=4096`);
    expect((await sharp(wide.bytes).metadata()).width).toBe(2000);
    expect(existsSync(path.join(imageDir, 'sized', `${id}-w4096.jpg`))).toBe(false);
  });

  it.each(['0', '15', '4097', 'abc', '1.5'])('refuses w=%s', async (w) => {
    const { body } = await upload(app.url, '/api/images/single', [filePart('image', await jpeg(100, 100))]);
    const response = await fetch(`${app.url}/api/images/${(body.image as { id: string }).id}?w=${w}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      errors: { w: expect.any(String) },
    });
  });

  it('answers 404 in the API error shape for an unknown id', async () => {
    for (const url of [
      '/images/3f1d2c4b-0000-4000-8000-000000000000',
      '/api/images/3f1d2c4b-0000-4000-8000-000000000000?w=64',
    ]) {
      const response = await fetch(`${app.url}${url}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Image not found.',
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('deleting', () => {
  it("is refused (404) to another session, allowed to the uploader's, and removes every copy", async () => {
    // Given an image uploaded by one guest, with a resized copy made
    const owner = new CookieJar();
    const { body } = await upload(app.url, '/api/images/single', [filePart('image', await jpeg(900, 600))], {
      jar: owner,
    });
    const id = (body.image as { id: string }).id;
    await fetchImage(`${app.url}/api/images/${id}?w=128`);
    // When another guest deletes it
    const stranger = new CookieJar();
    const refused = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { cookie: stranger.header() },
    });
    // Then it is not found, and still there
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await fetch(`${app.url}/images/${id}`)).status).toBe(200);
    // When its uploader deletes it
    const done = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { cookie: owner.header() },
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    expect(done.headers.get('x-event-position')).toMatch(/^\d+$/);
    // Then it is gone: not served, no file left, the log says so, and it cannot be deleted twice
    expect((await fetch(`${app.url}/images/${id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/images/${id}?w=128`)).status).toBe(404);
    for (const dir of ['originals', 'served', 'previews', 'sized']) {
      const names = existsSync(path.join(imageDir, dir)) ? readdirSync(path.join(imageDir, dir)) : [];
      expect(names.filter((name) => name.startsWith(id))).toEqual([]);
    }
    expect((await imageEvents(app.db, id)).map((event) => event.type)).toEqual([
      'ImageUploaded',
      'ImageDeleted',
    ]);
    const twice = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { cookie: owner.header() },
    });
    expect(twice.status).toBe(404);
  });

  it('ignores a tampered cart_session cookie: a new session, which owns nothing', async () => {
    // Given an image uploaded by a guest
    const owner = new CookieJar();
    const { body } = await upload(app.url, '/api/images/single', [filePart('image', await jpeg(300, 300))], {
      jar: owner,
    });
    const id = (body.image as { id: string }).id;
    const session = owner.cookies.get('cart_session')!;
    // When someone sends the same signature with another session id (one hex digit changed)
    const forged = session.replace(/[0-9a-f]$/, (digit) => (digit === '0' ? '1' : '0'));
    const tampered = `cart_session=${forged}; cart_session.sig=${owner.cookies.get('cart_session.sig')}`;
    const response = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { cookie: tampered },
    });
    // Then the cookie is not believed: not found, and a fresh session is handed out
    expect(response.status).toBe(404);
    const jar = new CookieJar();
    jar.take(response);
    expect(jar.cookies.get('cart_session')).toMatch(/^[0-9a-f-]{36}$/);
    expect([session, forged]).not.toContain(jar.cookies.get('cart_session'));
    // And the owner's own cookie still works
    const done = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { cookie: owner.header() },
    });
    expect(done.status).toBe(200);
  });

  it('belongs to the signed-in user who uploaded it, whatever browser they use', async () => {
    // Given a registered user who uploads while signed in
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'ada@example.com',
        password: 'Correct-Horse-9-Battery',
        firstName: 'Ada',
        lastName: 'L',
      }),
    });
    expect(register.status).toBe(201);
    const { token } = (await register.json()) as { token: string };
    const { response, body } = await upload(
      app.url,
      '/api/images/single',
      [filePart('image', await jpeg(200, 200))],
      {
        token,
      },
    );
    expect(response.status).toBe(201);
    const id = (body.image as { id: string }).id;
    const [event] = await imageEvents(app.db, id);
    expect(event!.data.owner).toEqual({ userId: expect.any(String) });
    // When a guest tries to delete it, then it is not found; when the user does, it is deleted
    expect((await fetch(`${app.url}/api/images/${id}`, { method: 'DELETE' })).status).toBe(404);
    const done = await fetch(`${app.url}/api/images/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(done.status).toBe(200);
  });
});
