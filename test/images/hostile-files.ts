// Hostile and broken files for the upload tests, made here rather than shipped: a PNG is a few
// chunks (crafted ones claim sizes their data does not have), the rest come from sharp.
import { randomBytes } from 'node:crypto';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import { jpeg, picture, png } from './support';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** IHDR of an 8-bit greyscale image. */
function header(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 0; // greyscale
  return chunk('IHDR', data);
}

const end = () => chunk('IEND', Buffer.alloc(0));

/** A PNG whose header claims a size its (tiny) data does not hold. */
export const pngClaiming = (width: number, height: number): Buffer =>
  Buffer.concat([PNG_SIGNATURE, header(width, height), chunk('IDAT', deflateSync(Buffer.alloc(16))), end()]);

/**
 * A real decompression bomb: a valid greyscale PNG of width x height black pixels, a few hundred
 * KB on disk and width x height bytes once decoded. Deflated row by row, never whole in memory.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const rows = Buffer.alloc((width + 1) * 100); // filter byte 0 + black pixels, 100 rows at a time
  for (let row = 0; row < height; row += 100) {
    if (!deflate.write(rows.subarray(0, (width + 1) * Math.min(100, height - row))))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([PNG_SIGNATURE, header(width, height), chunk('IDAT', Buffer.concat(out)), end()]);
}

/** A PNG with a script riding after its end (a polyglot). */
export const pngWithTrailingScript = async () =>
  Buffer.concat([await png(64, 64), Buffer.from('<script>alert(document.cookie)</script>')]);

/** The first 60% of a JPEG. */
export const truncatedJpeg = async () => {
  const whole = await jpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
};

/** A JPEG whose compressed pixel data was overwritten with noise (header intact). */
export const corruptJpeg = async () => {
  const whole = Buffer.from(await picture(800, 600).jpeg().toBuffer());
  const from = Math.floor(whole.length / 3);
  randomBytes(Math.floor(whole.length / 3)).copy(whole, from);
  return whole;
};

/** JPEG's magic bytes and a JFIF marker, then 5,000 bytes of 'A': no picture (a tester's corrupt.jpg). */
export const jpegMagicOnly = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);

/** JPEG's magic bytes, then a web page. */
export const jpegMagicThenHtml = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]);

/** The first half of a HEIC file. */
export const truncatedHeic = (whole: Buffer) => whole.subarray(0, Math.floor(whole.length / 2));

export const svg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
export const html = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
export const gif = () => picture(40, 30).gif().toBuffer();
export const tiff = () => picture(40, 30).tiff().toBuffer();
export const avif = () => picture(40, 30).avif().toBuffer();
