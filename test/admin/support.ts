// Helpers of the admin API tests: a shop with a first admin (ADMIN_EMAIL / ADMIN_PASSWORD), a JSON
// client that reads its own writes, the dev mailbox, ZIP reading, and orders placed through the real checkout in test mode (cart, images,
// create-payment-intent, confirm with Stripe's test card), as the money-path tests do.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import { orderResponseSchema, type OrderDto } from '@printshop/shared-events/api/orders';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { pngBytes, type Browser } from '../cart/support';
import { ADDRESS, CARD_OK } from '../payments/support';

export const ADMIN_EMAIL = 'chief@example.com';
export const ADMIN_PASSWORD = 'ChiefPass123';

export const startAdminApp = (label: string): Promise<TestApp> =>
  startTestApp({ label, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  headers: Headers;
  /** The body's bytes (a ZIP). */
  bytes: Buffer;
}

/**
 * A JSON client with an optional token that sends the highest X-Event-Position it has seen (its
 * own writes, and any `observe`d one) as X-Min-Position, so reads reflect those writes.
 */
export function api(app: TestApp, token?: string) {
  let seen = 0;
  const observe = (position: number | string | null | undefined) => {
    const n = Number(position);
    if (Number.isSafeInteger(n) && n > seen) seen = n;
  };
  const call = async (method: string, path: string, body?: unknown): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (seen > 0) headers['x-min-position'] = String(seen);
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    observe(response.headers.get('x-event-position'));
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').includes('json') && bytes.length > 0;
    return {
      status: response.status,
      body: json ? JSON.parse(bytes.toString('utf8')) : undefined,
      headers: response.headers,
      bytes,
    };
  };
  return {
    token,
    observe,
    /** The highest position seen so far. */
    get seen() {
      return seen;
    },
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
    put: (path: string, body: unknown = {}) => call('PUT', path, body),
    delete: (path: string, body?: unknown) => call('DELETE', path, body),
  };
}
export type Api = ReturnType<typeof api>;

/** A client signed in as the first admin. */
export async function adminApi(app: TestApp): Promise<Api> {
  const answer = await api(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.user.is_admin).toBe(true);
  return api(app, answer.body.token as string);
}

export const freshEmail = (label = 'buyer') => `${label}.${randomUUID().slice(0, 8)}@example.com`;

/**
 * Uploads a photo with its crop for `sku` (so the upload judges its print quality) as the signed-in
 * user of `b`; the cropped image's id and the quality.
 */
export async function uploadForPrint(
  app: TestApp,
  b: Browser,
  sku: string,
  photo?: Photo,
): Promise<{ rawImageId: string; croppedImageId: string; quality: string }> {
  if (!b.token) throw new Error('uploadForPrint needs a signed-in browser');
  const form = new FormData();
  const type = photo?.type ?? 'image/png';
  form.append('rawImage', new Blob([new Uint8Array(photo?.raw ?? (await pngBytes()))], { type }), 'photo');
  form.append(
    'croppedImage',
    new Blob([new Uint8Array(photo?.cropped ?? (await pngBytes()))], { type }),
    'cropped',
  );
  form.append('crop', JSON.stringify(photo?.crop ?? { x: 0, y: 0, width: 48, height: 48 }));
  form.append('sku', sku);
  const response = await fetch(`${app.url}/api/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.token}` },
    body: form,
  });
  const body = (await response.json()) as {
    rawImage: { id: string };
    croppedImage: { id: string };
    print: { quality: string };
  };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { rawImageId: body.rawImage.id, croppedImageId: body.croppedImage.id, quality: body.print.quality };
}

/** A photo of the test's own: the original, the crop chosen in it and the cropped copy. */
export interface Photo {
  raw: Buffer;
  cropped: Buffer;
  crop: { x: number; y: number; width: number; height: number };
  type: string;
}

export interface Line {
  sku: string;
  quantity: number;
  /** Upload with a crop for the product (print quality judged) instead of a plain single image. */
  withCrop?: boolean;
  /** Upload this photo with its crop (implies withCrop). */
  photo?: Photo;
}

/**
 * Fills the browser's cart with `lines` and pays for it with the test card: the placed order and
 * the position of its payment (for X-Min-Position). A signed-in browser makes it the user's order.
 */
export async function placeOrder(
  app: TestApp,
  b: Browser,
  o: { email: string; lines?: Line[]; currency?: string; country?: string; fullName?: string },
): Promise<{ order: OrderDto; position: number }> {
  for (const line of o.lines ?? [{ sku: 'POSTERA4', quantity: 2 }]) {
    let images: { rawImageId?: string; croppedImageId: string };
    if (line.withCrop || line.photo) {
      const { rawImageId, croppedImageId } = await uploadForPrint(app, b, line.sku, line.photo);
      images = { rawImageId, croppedImageId };
    } else {
      images = { croppedImageId: await b.uploadImage() };
    }
    const added = await b.call('POST', '/api/cart/item', {
      sku: line.sku,
      quantity: line.quantity,
      ...images,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const intent = await b.call('POST', '/api/stripe/create-payment-intent', {
    email: o.email,
    shippingAddress: { ...ADDRESS, ...(o.fullName && { fullName: o.fullName }) },
    currency: o.currency ?? 'USD',
    country: o.country ?? 'US',
  });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const confirmed = await b.call('POST', '/api/stripe/confirm-payment', {
    paymentIntentId: intent.body.paymentIntentId,
    testCard: CARD_OK,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return {
    order: orderResponseSchema.parse(confirmed.body).order,
    position: Number(confirmed.headers.get('x-event-position')),
  };
}

/** Every entry of a ZIP: name -> bytes (yauzl reads the central directory, as any unzip does). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `find` returns something or the time is up (then undefined: the test says what is missing). */
export async function eventually<T>(find: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const found = await find();
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The raw messages of the app's dev mailbox (DATA_DIR/mail). */
export async function mailbox(app: TestApp): Promise<string[]> {
  const dir = path.join(app.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  return Promise.all(names.sort().map((name) => readFile(path.join(dir, name), 'utf8')));
}
