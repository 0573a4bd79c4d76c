// What a lab needs to know of a product's print before rendering it: its trimmed size at 300 DPI
// in the orientation of the photo, the bleed around it and the paper. Sizes come from the catalog
// (a collage size SKU prints at its own size).
import type { Orientation } from '@printshop/shared-events/print-file';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { MM_PER_INCH, printSizeOf } from '@printshop/shared-events/rules/print-quality';

export const PRINT_DPI = 300;
/** 1/8 in at 300 DPI (37.5 px, rounded up so the cut never shows paper). */
export const BLEED_PX = 38;

export interface PrintSpec {
  /** The trimmed print, oriented like the photo. */
  trimWidthPx: number;
  trimHeightPx: number;
  widthIn: number;
  heightIn: number;
  /** Added on every side: the file is (trim + 2 bleed) pixels each way. */
  bleedPx: number;
  orientation: Orientation;
  paper: string;
  printSize: { width: number; height: number; unit: 'in' | 'mm' };
}

export const orientationOf = (width: number, height: number): Orientation =>
  width === height ? 'square' : width > height ? 'landscape' : 'portrait';

/**
 * Retro prints are framed: the photo sits in the window of a white or black card, whose own edge
 * is the cut, so the photo needs no bleed. Every other product is cut through the picture.
 */
const hasBleed = (category: string): boolean => category !== 'Retro Prints';

/** Spec 2: prints on 270 GSM glossy, posters on 300 GSM matte board; cards chosen as posters. */
const paperOf = (category: string): string =>
  category === 'Posters' || category === 'Greeting Cards' ? '300 GSM matte' : '270 GSM glossy';

/**
 * The spec of `sku` for a picture `width` x `height` (the crop): its longer side is printed along the
 * print's longer side, as the print-quality rule pairs them. Undefined for an unknown SKU.
 */
export function printSpecOf(sku: string, width: number, height: number): PrintSpec | undefined {
  const product = productBySku(sku);
  const size = printSizeOf(sku);
  if (!product || !size) return undefined;
  const toInches = size.unit === 'mm' ? 1 / MM_PER_INCH : 1;
  const [shortIn, longIn] = [size.width * toInches, size.height * toInches].sort((a, b) => a - b) as [
    number,
    number,
  ];
  const orientation = size.width === size.height ? 'square' : orientationOf(width, height);
  const [widthIn, heightIn] = orientation === 'landscape' ? [longIn, shortIn] : [shortIn, longIn];
  return {
    trimWidthPx: Math.round(widthIn * PRINT_DPI),
    trimHeightPx: Math.round(heightIn * PRINT_DPI),
    widthIn,
    heightIn,
    bleedPx: hasBleed(product.category) ? BLEED_PX : 0,
    orientation,
    paper: paperOf(product.category),
    printSize: size,
  };
}
