// Upload quotas over real HTTP: files and bytes per hour for each guest session or user, and for
// each IP. Over a quota the upload is answered 429 with Retry-After and API.md's JSON error, and
// nothing of it is decoded, stored or recorded. (The gateway trusts X-Forwarded-For here, so each
// test is its own client address.)
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { CookieJar, filePart, jpeg, upload } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    label: 'images_quotas',
    env: {
      TRUST_PROXY: 'true',
      UPLOAD_QUOTA_SESSION_FILES: '3',
      UPLOAD_QUOTA_SESSION_MB: '1',
      UPLOAD_QUOTA_IP_FILES: '5',
      UPLOAD_QUOTA_IP_MB: '100',
    },
  });
});
afterAll(() => app?.stop());

const imageEventCount = async () =>
  Number((await app.db('es_events').where({ category: 'image' }).count({ n: '*' }))[0]!.n);
const filesIn = (dir: string) => {
  const full = path.join(app.dataDir, dir);
  return existsSync(full) ? readdirSync(full) : [];
};

/** One small photo from `ip`, as the guest of `jar` (or the bearer of `token`). */
const uploadOne = async (ip: string, options: { jar?: CookieJar; token?: string; bytes?: Buffer } = {}) =>
  upload(app.url, '/api/images/single', [filePart('image', options.bytes ?? (await jpeg(120, 90)))], {
    ...options,
    headers: { 'x-forwarded-for': ip },
  });

/** About 600 KB of JPEG: noise does not compress. */
const noisyJpeg = () =>
  sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

function expectQuotaRefusal(result: Awaited<ReturnType<typeof upload>>) {
  expect(result.response.status).toBe(429);
  const retryAfter = Number(result.response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(result.body).toEqual({
    success: false,
    code: 'TOO_MANY_REQUESTS',
    message: IMAGE_MESSAGES.tooManyUploads,
  });
}

describe('upload quotas', () => {
  it('given a guest who uploaded 3 files this hour (the quota), when it uploads a 4th, then 429 with Retry-After and nothing is kept; another guest on the same address still uploads', async () => {
    // Given
    const jar = new CookieJar();
    for (let i = 0; i < 3; i++) expect((await uploadOne('10.0.0.1', { jar })).response.status).toBe(201);
    const events = await imageEventCount();
    const originals = filesIn('images/originals').length;

    // When
    const refused = await uploadOne('10.0.0.1', { jar });

    // Then
    expectQuotaRefusal(refused);
    expect(await imageEventCount()).toBe(events);
    expect(filesIn('images/originals')).toHaveLength(originals);
    expect(filesIn('tmp/uploads')).toEqual([]);
    expect((await uploadOne('10.0.0.1', { jar: new CookieJar() })).response.status).toBe(201);
  });

  it('given a guest who uploaded 600 KB this hour (quota 1 MiB), when it uploads another 600 KB, then 429 and the file is neither stored nor recorded', async () => {
    // Given
    const jar = new CookieJar();
    const bytes = await noisyJpeg();
    expect(bytes.length).toBeGreaterThan(520 * 1024);
    expect((await uploadOne('10.0.0.2', { jar, bytes })).response.status).toBe(201);
    const events = await imageEventCount();
    const originals = filesIn('images/originals').length;

    // When
    const refused = await uploadOne('10.0.0.2', { jar, bytes });

    // Then
    expectQuotaRefusal(refused);
    expect(await imageEventCount()).toBe(events);
    expect(filesIn('images/originals')).toHaveLength(originals);
    expect(filesIn('tmp/uploads')).toEqual([]);
  });

  it('given 5 files from one address this hour (its quota), each from a fresh guest, when a 6th fresh guest uploads from there, then 429', async () => {
    // Given clients that drop their cookie every time
    for (let i = 0; i < 5; i++) expect((await uploadOne('10.0.0.3')).response.status).toBe(201);

    // When
    const refused = await uploadOne('10.0.0.3');

    // Then
    expectQuotaRefusal(refused);
  });

  it('given 5 files from fresh guests on fresh addresses of one IPv6 /64, when a 6th uploads from there, then 429', async () => {
    for (let i = 0; i < 5; i++)
      expect((await uploadOne(`2001:db8:a0:1::${i + 1}`)).response.status).toBe(201);

    expectQuotaRefusal(await uploadOne('2001:db8:a0:1:ffff::9'));
  });

  it('given a signed-in user who uploaded 3 files this hour, when they upload from another browser (new guest session), then 429: the quota follows the user', async () => {
    // Given
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.4' },
      body: JSON.stringify({
        email: 'quota@example.com',
        password: 'Correct-Horse-9-Battery',
        firstName: 'Quo',
        lastName: 'Ta',
      }),
    });
    expect(register.status).toBe(201);
    const { token } = (await register.json()) as { token: string };
    for (let i = 0; i < 3; i++) {
      expect((await uploadOne('10.0.0.4', { token, jar: new CookieJar() })).response.status).toBe(201);
    }

    // When
    const refused = await uploadOne('10.0.0.4', { token, jar: new CookieJar() });

    // Then
    expectQuotaRefusal(refused);
  });
});
