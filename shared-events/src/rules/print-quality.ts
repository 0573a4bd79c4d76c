// Print quality of a crop: how many source pixels land on each inch of paper.
//
// Sides are paired by length, stated once: the crop's longer side is printed along the print's
// longer side (a landscape crop of a portrait product is printed rotated), so
//   DPI = min(longer crop side / longer print side, shorter crop side / shorter print side)
// with print sides in inches, floored to a whole number so the shown DPI is never flattering.
// The print side is what one photo prints at: a strip's photo fills one frame of the strip, not the
// whole strip (photoPrintSize).

import type { PrintAssessment } from '../events/image';
import { productBySku, type Product, type PrintSize } from './catalog';
import { STRIP_DESIGNS, stripLayout } from './print-layout';

export type PrintQuality = 'good' | 'fair' | 'poor';

export type { PrintSize };

export const MM_PER_INCH = 25.4;
/** Spec thresholds: good >= 250 DPI, fair >= 150 DPI, poor below. */
export const GOOD_DPI = 250;
export const FAIR_DPI = 150;

// The band's label (Good, Fair, Poor quality) stands beside these, so they do not name a band of
// their own; the advice fits a frame at its widest zoom too (nothing left to zoom out of).
export const PRINT_QUALITY_MESSAGES: Readonly<Record<PrintQuality, string>> = {
  good: 'This photo has plenty of detail for a sharp print at this size.',
  fair: 'Good enough to print, but it may look slightly soft at this size. For the sharpest result, zoom out if the frame is zoomed in, or use a higher-resolution photo.',
  poor: 'This photo will likely look blurry or pixelated at this size. Choose a smaller size or a higher-resolution photo, or zoom out if the frame is zoomed in.',
};

const positive = (value: number, what: string): void => {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${what} must be a positive number, got ${value}`);
};

/** DPI of a crop (width and height in source pixels) printed at the given size. */
export function cropDpi(crop: { width: number; height: number }, size: PrintSize): number {
  positive(crop.width, 'crop width');
  positive(crop.height, 'crop height');
  positive(size.width, 'print width');
  positive(size.height, 'print height');
  const toInches = size.unit === 'mm' ? 1 / MM_PER_INCH : 1;
  const [cropShort, cropLong] = [crop.width, crop.height].sort((a, b) => a - b) as [number, number];
  const [printShort, printLong] = [size.width * toInches, size.height * toInches].sort((a, b) => a - b) as [
    number,
    number,
  ];
  // A tiny epsilon keeps exact results (3000 px over 10 in) from flooring to 299 through float error.
  return Math.floor(Math.min(cropLong / printLong, cropShort / printShort) + 1e-9);
}

export function printQuality(dpi: number): PrintQuality {
  if (dpi >= GOOD_DPI) return 'good';
  if (dpi >= FAIR_DPI) return 'fair';
  return 'poor';
}

export function assessPrint(
  crop: { width: number; height: number },
  size: PrintSize,
): { dpi: number; quality: PrintQuality; message: string } {
  const dpi = cropDpi(crop, size);
  const quality = printQuality(dpi);
  return { dpi, quality, message: PRINT_QUALITY_MESSAGES[quality] };
}

// Print quality of an upload for its product: DPI and band above, for the crop
// (in the raw image's upright pixels) when one is given, else for the cropped image's own size.
/** The printed size of a SKU (a collage size SKU prints at its own size); undefined when unknown. */
export function printSizeOf(sku: string): PrintSize | undefined {
  const product = productBySku(sku);
  if (!product) return undefined;
  const normal = sku.trim().toUpperCase();
  return product.sizes?.find((size) => size.sku === normal)?.printSize ?? product.printSize;
}

/** Pixels per inch of the print files (the lab's 300 DPI), on which a strip's frames are laid out. */
const LAYOUT_DPI = 300;

/**
 * The size one photo of `product` prints at: a strip's frame, as the strip's print file lays its
 * frames out (print-layout.ts), else the product's print size.
 */
export function photoPrintSize(
  product: Pick<Product, 'sku' | 'category' | 'printSize' | 'cropAspectRatio' | 'slots'>,
  size: PrintSize = product.printSize,
): PrintSize {
  if (product.category !== 'Strips') return size;
  const toPixels = (size.unit === 'mm' ? 1 / MM_PER_INCH : 1) * LAYOUT_DPI;
  const sheet = { width: Math.round(size.width * toPixels), height: Math.round(size.height * toPixels) };
  const designed = STRIP_DESIGNS[product.sku] !== undefined;
  const [frame] = stripLayout(sheet, product.slots ?? 1, product.cropAspectRatio, designed).frames;
  return { width: frame!.width / LAYOUT_DPI, height: frame!.height / LAYOUT_DPI, unit: 'in' };
}

/** photoPrintSize of a SKU (a collage size SKU prints at its own size); undefined when unknown. */
export function photoPrintSizeOf(sku: string): PrintSize | undefined {
  const product = productBySku(sku);
  const size = printSizeOf(sku);
  return product && size && photoPrintSize(product, size);
}

export function assessUpload(
  size: PrintSize,
  crop: { width: number; height: number } | undefined,
  cropped: { width: number; height: number },
): PrintAssessment {
  const { dpi, quality } = assessPrint(crop ?? cropped, size);
  return { dpi, quality };
}
