// Pixels for the strip and collage print-file checks: photos with structure (a wrong crop, or a
// stretched one, shows), the slots of a template's mask as the editor finds them (white connected
// regions, each box), and the mean absolute difference of two pictures downscaled alike.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Rect } from '@printshop/shared-events/rules/print-layout';

export const PUBLIC_DIR = fileURLToPath(new URL('../../frontend/public', import.meta.url));

/** The print files' bleed (px at 300 DPI): a layout's rectangles sit this far in on the sheet. */
export const BLEED = 38;
export const shifted = (r: Rect): Rect => ({ ...r, x: r.x + BLEED, y: r.y + BLEED });

/** A JPEG photo: a diagonal gradient of hue `n`, a bright disc and a dark bar, all placed off-centre. */
export function structuredPhoto(n: number, width: number, height: number): Promise<Buffer> {
  const hue = (n * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,30%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},85%,75%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.35}" cy="${height * 0.6}" r="${Math.min(width, height) / 5}" fill="hsl(${(hue + 180) % 360},90%,85%)"/>
    <rect x="${width * 0.6}" y="${height * 0.15}" width="${width * 0.08}" height="${height * 0.7}" fill="#101010"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** The slot boxes of a mask picture in reading order: its white connected regions of 1 % or more. */
export async function maskSlots(maskPath: string): Promise<{ width: number; height: number; slots: Rect[] }> {
  const { data, info } = await sharp(await readFile(`${PUBLIC_DIR}${maskPath}`))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const seen = new Uint8Array(width * height);
  const slots: Rect[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || data[start]! <= 128) continue;
    let [x0, y0, x1, y1, area] = [width, height, 0, 0, 0];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      [x0, y0, x1, y1, area] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y), area + 1];
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < seen.length && !seen[q] && data[q]! > 128) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (area >= 0.01 * width * height) slots.push({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 });
  }
  slots.sort((a, b) => (Math.abs(a.y - b.y) > 20 ? a.y - b.y : a.x - b.x));
  return { width, height, slots };
}

const SMALL = 24;

/** `rect` of an image, downscaled to SMALL x SMALL RGB. */
export function small(image: Buffer, rect: Rect): Promise<Buffer> {
  return sharp(image)
    .extract({
      left: Math.round(rect.x),
      top: Math.round(rect.y),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    })
    .resize(SMALL, SMALL, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Mean absolute difference per channel (0-255) of two SMALL x SMALL RGB pictures. */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The middle `share` of a rectangle (inside a diamond slot's shape when share <= 0.5). */
export const middle = (rect: Rect, share: number): Rect => ({
  x: rect.x + (rect.width * (1 - share)) / 2,
  y: rect.y + (rect.height * (1 - share)) / 2,
  width: rect.width * share,
  height: rect.height * share,
});
