// The packer's contact sheet of an order's print files: one JPEG, a grid of every line's thumbnail
// with its line number and quantity written under it (an SVG overlay, drawn by sharp's librsvg).
import sharp from 'sharp';
import { imageJob } from './decode';

const THUMB = 360;
const LABEL = 64;
const GAP = 24;
const COLUMNS = 4;

export interface ContactTile {
  /** The line number and quantity, large: `01  x2`. */
  label: string;
  /** Under it, small: the SKU. */
  caption: string;
  /** A thumbnail from contactThumb; absent when the line's file is missing. */
  thumb?: Buffer;
}

/** A small copy of a print file for the sheet (libjpeg shrinks it while decoding). */
export const contactThumb = (print: Buffer): Promise<Buffer> =>
  imageJob(() => sharp(print).resize(THUMB, THUMB, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer());

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function contactSheet(title: string, tiles: readonly ContactTile[]): Promise<Buffer> {
  const columns = Math.max(1, Math.min(COLUMNS, tiles.length));
  const rows = Math.max(1, Math.ceil(tiles.length / columns));
  const header = 56;
  const width = GAP + columns * (THUMB + GAP);
  const height = header + rows * (THUMB + LABEL + GAP) + GAP;
  const cell = (index: number) => ({
    left: GAP + (index % columns) * (THUMB + GAP),
    top: header + Math.floor(index / columns) * (THUMB + LABEL + GAP),
  });
  const thumbs = await Promise.all(
    tiles.map(async (tile, index) => {
      if (!tile.thumb) return undefined;
      const { width: w = THUMB, height: h = THUMB } = await sharp(tile.thumb).metadata();
      const { left, top } = cell(index);
      return {
        input: tile.thumb,
        left: left + Math.floor((THUMB - w) / 2),
        top: top + Math.floor((THUMB - h) / 2),
      };
    }),
  );
  const texts = tiles.map((tile, index) => {
    const { left, top } = cell(index);
    const missing = tile.thumb
      ? ''
      : `<rect x="${left}" y="${top}" width="${THUMB}" height="${THUMB}" fill="#eee" stroke="#c00"/>` +
        `<text x="${left + THUMB / 2}" y="${top + THUMB / 2}" text-anchor="middle" fill="#c00" font-size="32">MISSING</text>`;
    return (
      `${missing}<text x="${left}" y="${top + THUMB + 34}" font-size="30" font-weight="bold" xml:space="preserve">${xml(tile.label)}</text>` +
      `<text x="${left}" y="${top + THUMB + 58}" font-size="18">${xml(tile.caption)}</text>`
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif">
<text x="${GAP}" y="40" font-size="32">${xml(title)}</text>${texts.join('')}</svg>`;
  return imageJob(() =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite([...thumbs.filter((t) => t !== undefined), { input: Buffer.from(svg), left: 0, top: 0 }])
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}
