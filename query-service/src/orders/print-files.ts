// The print-files ZIP of an order (GET /api/admin/orders/:id/print-files): each line's print-ready
// file (the served, upright copy of its cropped image) named `01-POSTERA4-x2.jpg`, after it each photo
// placed in the line's slots (strip frames, collage slots) as `01-PHOTOSTRIPWHITE-x2-photo-1.jpg`
// (the composite is the print; the photos let the shop re-make it), and a manifest
// as manifest.json and manifest.csv (sku, product, size, quantity, DPI band, image id, content hash
// of the file in the ZIP). Files are hashed in a first pass and streamed into the ZIP in a second,
// so memory stays flat however large the prints are.
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { slotPhotosOf } from '@printshop/shared-events/events/order-line-images';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { printedSize } from './admin-order-dto';

export interface PrintFileDeps {
  images: ImageStore;
  /** Makes the served copy of an image when it is missing; false when it cannot be made. */
  ensurePrintFile?(imageId: string): Promise<boolean>;
}

export interface ManifestLine {
  /** The file's name in the ZIP; null when the image is gone (then `missing` is true). */
  file: string | null;
  sku: string;
  product: string;
  size: string | null;
  quantity: number;
  /** good >= 250 DPI, fair >= 150, poor below; null when not judged at upload. */
  dpiBand: 'good' | 'fair' | 'poor' | null;
  imageId: string;
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
  lines: ManifestLine[];
}

/** `01-POSTERA4-x2.jpg`: position (two digits at least), SKU, quantity; `-photo-N` for slot photos. */
export const printFileName = (
  index: number,
  total: number,
  sku: string,
  quantity: number,
  photo?: number,
): string =>
  `${String(index + 1).padStart(Math.max(2, String(total).length), '0')}-${sku.replace(/[^A-Za-z0-9_-]/g, '_')}-x${quantity}${photo === undefined ? '' : `-photo-${photo}`}.jpg`;

async function hashOf(images: ImageStore, key: string): Promise<string | undefined> {
  const object = await images.get(key);
  if (!object) return undefined;
  const hash = createHash('sha256');
  await pipeline(
    object.stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done();
      },
    }),
  );
  return hash.digest('hex');
}

/** The line's print, then each of its slot photos: what the ZIP holds for it. */
const filesOfLine = (line: OrderLine) => [
  { imageId: line.croppedImageId, photo: undefined, slot: undefined },
  ...slotPhotosOf(line).map((photo, index) => ({
    imageId: photo.imageId,
    photo: index + 1,
    slot: photo.slot,
  })),
];

export async function printManifest(deps: PrintFileDeps, order: OrderView): Promise<PrintManifest> {
  const lines: ManifestLine[] = [];
  for (const [index, line] of order.lines.entries()) {
    for (const { imageId, photo, slot } of filesOfLine(line)) {
      const available = deps.ensurePrintFile ? await deps.ensurePrintFile(imageId) : true;
      const contentHash = available ? await hashOf(deps.images, imageKeys.served(imageId)) : undefined;
      lines.push({
        file: contentHash ? printFileName(index, order.lines.length, line.sku, line.quantity, photo) : null,
        sku: line.sku,
        product: line.name,
        size: printedSize(line.sku) ?? null,
        quantity: line.quantity,
        // The judgement was made for the line's print, not for the photos placed in it.
        dpiBand: photo === undefined ? (line.printQuality ?? null) : null,
        imageId,
        contentHash: contentHash ?? null,
        missing: !contentHash,
        ...(slot !== undefined && { slot }),
      });
    }
  }
  return { orderId: order.orderId, orderNumber: order.orderNumber, createdAt: order.placedAt, lines };
}

const CSV_COLUMNS = ['file', 'sku', 'product', 'size', 'quantity', 'dpi_band', 'image_id', 'content_hash'];

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function manifestCsv(manifest: PrintManifest): string {
  const rows = manifest.lines.map((l) =>
    [l.file, l.sku, l.product, l.size, l.quantity, l.dpiBand, l.imageId, l.contentHash]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/**
 * The ZIP as a stream (the caller hands it to Koa). Files are stored, not deflated: JPEGs do not
 * shrink. A file that vanished between the two passes ends the stream with an error.
 */
export function printFilesZip(deps: PrintFileDeps, order: OrderView, manifest: PrintManifest): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = new Date(order.placedAt);
  archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'manifest.json', date });
  archive.append(manifestCsv(manifest), { name: 'manifest.csv', date });
  void (async () => {
    for (const line of manifest.lines) {
      if (!line.file) continue;
      const object = await deps.images.get(imageKeys.served(line.imageId));
      if (!object) throw new Error(`print file of image ${line.imageId} vanished`);
      archive.append(object.stream, { name: line.file, date, store: true });
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}
