// Whether a chosen file's bytes hold a whole picture of the kind its first bytes claim (spec 2 §5:
// "one that cannot be read is rejected"), judged in the browser before it is listed. The first
// bytes alone let through a JPEG's four magic bytes followed by anything: it was listed and charged,
// the crop tool showed a broken image and Apply Crop failed. This walks the file's structure, as a
// decoder would before decoding, without decoding it (no bitmap, no canvas: 100 photos stay cheap):
// - JPEG: every segment in bounds, a frame header with a size, scan data, and the end marker (EOI).
//   A file cut short (a half-sent photo) has no EOI: refused, as the server refuses it (decode.ts:
//   a print shop prints no guessed grey lower half). Bytes after EOI (phones append their own
//   trailers) are allowed; libjpeg ignores them too.
// - PNG: chunks in bounds, IHDR with a size, image data, ending exactly at IEND (as the server).
// - WebP: the RIFF size matches the file and names an image chunk.
// HEIC is not walked: most browsers cannot read it and the server converts it at once, answering
// its own error. What passes here can still fail to decode (noise in the pixel data): the server
// decodes every pixel and refuses it at upload.
import type { ImageKind } from './uploads';

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

/** Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function wholeJpeg(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  let sized = false;
  let scanned = false;
  while (at < b.length) {
    if (b[at] !== 0xff) return false;
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) return false;
    const marker = b[at++]!;
    if (marker === 0xd9) return sized && scanned; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd8 || at + 2 > b.length) return false;
    const length = u16(b, at);
    if (length < 2 || at + length > b.length) return false;
    if (isFrame(marker)) {
      if (length < 8 || !(u16(b, at + 3) > 0 && u16(b, at + 5) > 0)) return false;
      sized = true;
    }
    at += length;
    if (marker === 0xda) {
      if (!sized) return false;
      scanned = true;
      // Entropy-coded data runs to the next marker that is not a stuffed zero or a restart.
      for (;;) {
        at = b.indexOf(0xff, at);
        if (at < 0 || at + 1 >= b.length) return false;
        const next = b[at + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) at += next === 0xff ? 1 : 2;
        else break;
      }
    }
  }
  return false;
}

function wholePng(b: Uint8Array): boolean {
  let at = 8;
  let sized = false;
  let data = false;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (end > b.length) return false;
    if (at === 8) {
      if (type !== 'IHDR' || length < 8 || !(u32(b, at + 8) > 0 && u32(b, at + 12) > 0)) return false;
      sized = true;
    }
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return sized && data && end === b.length;
    at = end;
  }
  return false;
}

function wholeWebp(b: Uint8Array): boolean {
  if (b.length < 20) return false;
  const size = u32le(b, 4) + 8;
  // A RIFF chunk of odd length may carry a padding byte after it.
  if (size !== b.length && size + 1 !== b.length) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 4));
}

/** True when `bytes` (the whole file) are structurally a complete picture of `kind`. */
export function isWholeImage(kind: ImageKind, bytes: Uint8Array): boolean {
  if (kind === 'jpeg') return wholeJpeg(bytes);
  if (kind === 'png') return wholePng(bytes);
  if (kind === 'webp') return wholeWebp(bytes);
  return true;
}
