// API.md "Images" over real HTTP, after the upload: resized copies are made once and served from
// the store, and only the uploader's session (or user) can delete an image, with every copy.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { CookieJar, fetchImage, filePart, imageEvents, jpeg, upload } from './support';

let app: TestApp;
let imageDir: string;
appPerFile({ label: 'images_copies_api' }, (started) => {
  app = started;
  imageDir = path.join(app.dataDir, 'images');
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
