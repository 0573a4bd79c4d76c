// Strips with several photo slots (catalog `slots`): the photos of the list fill strips in list
// order, `slots` photos per strip, frames top to bottom. Only full strips can be ordered.
import type { PrintSize, Product } from '@printshop/shared-events/rules/catalog';
import {
  STRIP_DESIGNS,
  stripBackground,
  stripLayout,
  type Rect,
  type Size,
} from '@printshop/shared-events/rules/print-layout';
import { MM_PER_INCH } from '@printshop/shared-events/rules/print-quality';

/** The full strips the items make, in order (a trailing partial group is left out). */
export function stripGroups<T>(items: readonly T[], slots: number): T[][] {
  const groups: T[][] = [];
  for (let at = 0; at + slots <= items.length; at += slots) groups.push(items.slice(at, at + slots));
  return groups;
}

/** Photos still needed to complete the last strip (0 when every strip is full). */
export const photosMissing = (count: number, slots: number): number =>
  count % slots === 0 ? 0 : slots - (count % slots);

/** The composed strip's pixel size: the print size at 300 DPI (a 2 x 6 in strip is 600 x 1800). */
export function stripPixelSize(size: PrintSize): { width: number; height: number } {
  const inches = size.unit === 'mm' ? 1 / MM_PER_INCH : 1;
  return { width: Math.round(size.width * inches * 300), height: Math.round(size.height * inches * 300) };
}

/** What the browser draws for a strip: the print's own frames, so the preview is the print. */
export interface StripPreview {
  size: Size;
  /** Top to bottom, each of the product's crop aspect (print-layout.ts stripLayout, as the server). */
  frames: Rect[];
  background: string;
}

/** The strip of `product` with `count` photos, laid out as command-service's slot-render.ts prints it. */
export function stripPreview(
  product: Pick<Product, 'sku' | 'printSize' | 'cropAspectRatio' | 'colour' | 'family'>,
  count: number,
): StripPreview {
  const size = stripPixelSize(product.printSize);
  const designed = STRIP_DESIGNS[product.sku] !== undefined;
  return {
    size,
    frames: stripLayout(size, count, product.cropAspectRatio, designed).frames,
    background: stripBackground(product.sku, product.colour, product.family),
  };
}
