// What the image API tests share: real images made with sharp, multipart uploads over HTTP, the
// guest cookie carried between calls, the image events as the log holds them, the files the app
// keeps under its data dir, and images fetched back with their hashes.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { TestApp } from '@printshop/test/support/app';

export const fixture = (name: string): Buffer =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'images', name));

/** A picture with some structure (a gradient), so encoders have real work and crops are visible. */
export function picture(width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs>' +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ee3"/></svg>`;
  return sharp(Buffer.from(svg));
}

export const jpeg = (width: number, height: number) => picture(width, height).jpeg().toBuffer();
export const png = (width: number, height: number) => picture(width, height).png().toBuffer();
export const webp = (width: number, height: number) => picture(width, height).webp().toBuffer();

export interface Part {
  field: string;
  /** A file part when given; a text field otherwise. */
  file?: { bytes: Uint8Array; name: string; type?: string };
  value?: string;
}

export const filePart = (
  field: string,
  bytes: Uint8Array,
  name = 'photo.jpg',
  type = 'image/jpeg',
): Part => ({
  field,
  file: { bytes, name, type },
});
export const textPart = (field: string, value: string): Part => ({ field, value });

/** Keeps cookies from Set-Cookie, as a browser would, for the next request. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function upload(
  url: string,
  route: '/api/images' | '/api/images/single',
  parts: Part[],
  options: { jar?: CookieJar; token?: string; headers?: Record<string, string> } = {},
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.file) {
      form.append(part.field, new Blob([part.file.bytes], { type: part.file.type ?? '' }), part.file.name);
    } else {
      form.append(part.field, part.value ?? '');
    }
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.jar) headers.cookie = options.jar.header();
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${url}${route}`, { method: 'POST', body: form, headers });
  options.jar?.take(response);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

export interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export async function imageEvents(db: Knex, imageId: string): Promise<StoredEvent[]> {
  return db('es_events')
    .select('type', 'data', 'metadata')
    .where('stream_name', `image-${imageId}`)
    .orderBy('revision');
}

/** The files in `dir` under the app's data dir (none when it does not exist). */
export const filesIn = (app: TestApp, dir: string): string[] => {
  const full = path.join(app.dataDir, dir);
  return existsSync(full) ? readdirSync(full) : [];
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
