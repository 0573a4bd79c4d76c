// The print-files ZIP of an order (GET /api/admin/orders/:id/print-files): each line's print file,
// rendered on the server from the line's recipe at the product's print size (300 DPI, bleed, sRGB,
// see command-service images/print-render.ts), named `01-POSTERA4-x2.jpg`; after it each photo
// placed in the line's slots (strip frames, collage slots) as served, `01-PHOTOSTRIPWHITE-x2-photo-1.jpg`
// (the shop can re-make the composite from them); then manifest.json and manifest.csv (a row per
// file: pixel and print size, bleed, effective DPI, orientation, paper, quantity, sha256) and
// contact-sheet.jpg for the packer. Files are rendered one at a time and streamed into the ZIP as
// they are made (the manifest goes last, when every hash is known), so memory holds one file.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZipArchive } from 'archiver';
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { slotPhotosOf } from '@printshop/shared-events/events/order-line-images';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import type { Orientation, RenderedPrint } from '@printshop/shared-events/print-file';
import { MM_PER_INCH, printQuality } from '@printshop/shared-events/rules/print-quality';
import { printedSize } from './admin-order-dto';
import { csvField } from './csv-field';

export interface PrintFileDeps {
  /** The line's print file rendered from its recipe; undefined when none of its images is kept. */
  renderPrint(line: OrderLine): Promise<RenderedPrint | undefined>;
  /** A slot photo as served (upright JPEG) with its size; undefined when it is gone. */
  slotPhoto(imageId: string): Promise<{ bytes: Buffer; widthPx: number; heightPx: number } | undefined>;
  contactThumb(print: Buffer): Promise<Buffer>;
  contactSheet(
    title: string,
    tiles: Array<{ label: string; caption: string; thumb?: Buffer }>,
  ): Promise<Buffer>;
}

export interface ManifestLine {
  /** The file's name in the ZIP; null when the image is gone (then `missing` is true). */
  file: string | null;
  sku: string;
  product: string;
  /** The catalog's size text, e.g. `4 x 6 in`. */
  size: string | null;
  quantity: number;
  widthPx: number | null;
  heightPx: number | null;
  /** The trimmed print, oriented as the file (null for slot photos: not printed alone). */
  printWidthIn: number | null;
  printHeightIn: number | null;
  printWidthMm: number | null;
  printHeightMm: number | null;
  bleedPx: number | null;
  /** Source pixels per printed inch; below 300 the file was enlarged to the print size. */
  effectiveDpi: number | null;
  orientation: Orientation | null;
  paper: string | null;
  /**
   * good >= 250 DPI, fair >= 150, poor below: the judgement the shopper saw; for a file made from
   * slots (a strip, a collage: no one crop) that of its effective DPI, its weakest photo's; else null.
   */
  dpiBand: 'good' | 'fair' | 'poor' | null;
  /** The line's image (its cropped image or composite); for slot photos the photo. */
  imageId: string;
  /** What the file was rendered from: the recipe's original, a composite, a served copy, a slot photo. */
  source: 'original' | 'composite' | 'served copy' | 'slots' | 'slot photo' | null;
  sourceImageId: string | null;
  note?: string;
  /** sha256 (hex) of the file as it is in the ZIP. */
  contentHash: string | null;
  missing: boolean;
  /** A photo placed in the line's slot `slot` (strip frame, collage slot); absent for the line's print. */
  slot?: string | number;
}

export interface PrintManifest {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  contactSheet: string;
  lines: ManifestLine[];
}

export const CONTACT_SHEET = 'contact-sheet.jpg';

/** `01-POSTERA4-x2.jpg`: position (two digits at least), SKU, quantity; `-photo-N` for slot photos. */
export const printFileName = (
  index: number,
  total: number,
  sku: string,
  quantity: number,
  photo?: number,
): string =>
  `${linePosition(index, total)}-${sku.replace(/[^A-Za-z0-9_-]/g, '_')}-x${quantity}${photo === undefined ? '' : `-photo-${photo}`}.jpg`;

const linePosition = (index: number, total: number) =>
  String(index + 1).padStart(Math.max(2, String(total).length), '0');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const orientationOf = (w: number, h: number): Orientation =>
  w === h ? 'square' : w > h ? 'landscape' : 'portrait';

const CSV_COLUMNS: Array<[string, keyof ManifestLine]> = [
  ['file', 'file'],
  ['sku', 'sku'],
  ['product', 'product'],
  ['size', 'size'],
  ['quantity', 'quantity'],
  ['width_px', 'widthPx'],
  ['height_px', 'heightPx'],
  ['print_width_in', 'printWidthIn'],
  ['print_height_in', 'printHeightIn'],
  ['print_width_mm', 'printWidthMm'],
  ['print_height_mm', 'printHeightMm'],
  ['bleed_px', 'bleedPx'],
  ['effective_dpi', 'effectiveDpi'],
  ['orientation', 'orientation'],
  ['paper', 'paper'],
  ['dpi_band', 'dpiBand'],
  ['image_id', 'imageId'],
  ['source', 'source'],
  ['source_image_id', 'sourceImageId'],
  ['slot', 'slot'],
  ['content_hash', 'contentHash'],
  ['missing', 'missing'],
  ['note', 'note'],
];

export function manifestCsv(manifest: PrintManifest): string {
  const rows = manifest.lines.map((l) => CSV_COLUMNS.map(([, key]) => csvField(l[key])).join(','));
  return `${[CSV_COLUMNS.map(([name]) => name).join(','), ...rows].join('\r\n')}\r\n`;
}

const NO_PRINT = {
  printWidthIn: null,
  printHeightIn: null,
  printWidthMm: null,
  printHeightMm: null,
  bleedPx: null,
  effectiveDpi: null,
  paper: null,
} as const;

function printLine(line: OrderLine, file: string, r: RenderedPrint): ManifestLine {
  return {
    file,
    sku: line.sku,
    product: line.name,
    size: printedSize(line.sku) ?? null,
    quantity: line.quantity,
    widthPx: r.widthPx,
    heightPx: r.heightPx,
    printWidthIn: round(r.widthIn, 2),
    printHeightIn: round(r.heightIn, 2),
    printWidthMm: round(r.widthIn * MM_PER_INCH, 1),
    printHeightMm: round(r.heightIn * MM_PER_INCH, 1),
    bleedPx: r.bleedPx,
    effectiveDpi: r.effectiveDpi,
    orientation: r.orientation,
    paper: r.paper,
    dpiBand: line.printQuality ?? (r.source === 'slots' ? printQuality(r.effectiveDpi) : null),
    imageId: line.croppedImageId,
    source: r.source,
    sourceImageId: r.sourceImageId,
    ...(r.note && { note: r.note }),
    contentHash: sha256(r.bytes),
    missing: false,
  };
}

const missingLine = (line: OrderLine, imageId: string, slot?: string | number): ManifestLine => ({
  file: null,
  sku: line.sku,
  product: line.name,
  size: printedSize(line.sku) ?? null,
  quantity: line.quantity,
  widthPx: null,
  heightPx: null,
  ...NO_PRINT,
  orientation: null,
  dpiBand: slot === undefined ? (line.printQuality ?? null) : null,
  imageId,
  source: null,
  sourceImageId: null,
  contentHash: null,
  missing: true,
  ...(slot !== undefined && { slot }),
});

/** Bytes the ZIP may hold unread by the client before the next file is made. */
const UNREAD_LIMIT = 16 * 1024 * 1024;

/** Waits while the client lags: a slow download must not pile rendered files up in memory. */
async function clientCaughtUp(archive: ZipArchive): Promise<void> {
  while (archive.readableLength > UNREAD_LIMIT && !archive.destroyed) await sleep(20);
}

/** Appends `bytes` (stored: JPEGs do not shrink) and waits until the archive has taken them. */
async function addFile(archive: ZipArchive, name: string, bytes: Buffer, date: Date): Promise<void> {
  const taken = new Promise<void>((resolve) => {
    const onEntry = (entry: { name: string }) => {
      if (entry.name !== name) return;
      archive.off('entry', onEntry);
      resolve();
    };
    archive.on('entry', onEntry);
  });
  archive.append(bytes, { name, date, store: true });
  await taken;
  await clientCaughtUp(archive);
}

/**
 * The ZIP as a stream (the caller hands it to Koa). An error while rendering ends the stream with
 * it; an image that is gone is a `missing` row of the manifest, not an error.
 */
export function printFilesZip(deps: PrintFileDeps, order: OrderView): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = new Date(order.placedAt);
  const total = order.lines.length;
  void (async () => {
    const lines: ManifestLine[] = [];
    const tiles: Array<{ label: string; caption: string; thumb?: Buffer }> = [];
    for (const [index, line] of order.lines.entries()) {
      const tile = { label: `${linePosition(index, total)}   x${line.quantity}`, caption: line.sku };
      const rendered = await deps.renderPrint(line);
      if (rendered) {
        const file = printFileName(index, total, line.sku, line.quantity);
        await addFile(archive, file, rendered.bytes, date);
        lines.push(printLine(line, file, rendered));
        tiles.push({ ...tile, thumb: await deps.contactThumb(rendered.bytes) });
      } else {
        lines.push(missingLine(line, line.croppedImageId));
        tiles.push(tile);
      }
      for (const [n, { imageId, slot }] of slotPhotosOf(line).entries()) {
        const photo = await deps.slotPhoto(imageId);
        if (!photo) {
          lines.push(missingLine(line, imageId, slot));
          continue;
        }
        const file = printFileName(index, total, line.sku, line.quantity, n + 1);
        await addFile(archive, file, photo.bytes, date);
        lines.push({
          ...missingLine(line, imageId, slot),
          file,
          widthPx: photo.widthPx,
          heightPx: photo.heightPx,
          orientation: orientationOf(photo.widthPx, photo.heightPx),
          source: 'slot photo',
          sourceImageId: imageId,
          contentHash: sha256(photo.bytes),
          missing: false,
        });
      }
    }
    const manifest: PrintManifest = {
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      createdAt: order.placedAt,
      contactSheet: CONTACT_SHEET,
      lines,
    };
    archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'manifest.json', date });
    archive.append(manifestCsv(manifest), { name: 'manifest.csv', date });
    const sheet = await deps.contactSheet(`Order ${order.orderNumber}`, tiles);
    archive.append(sheet, { name: CONTACT_SHEET, date, store: true });
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}
