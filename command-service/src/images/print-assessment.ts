// Print quality of an upload for its product: DPI and band of rules/print-quality.ts, for the crop
// (in the raw image's upright pixels) when one is given, else for the cropped image's own size.
import type { PrintAssessment } from '@printshop/shared-events/events/image';
import { productBySku, type PrintSize } from '@printshop/shared-events/rules/catalog';
import { assessPrint } from '@printshop/shared-events/rules/print-quality';

/** The printed size of a SKU (a collage size SKU prints at its own size); undefined when unknown. */
export function printSizeOf(sku: string): PrintSize | undefined {
  const product = productBySku(sku);
  if (!product) return undefined;
  const normal = sku.trim().toUpperCase();
  return product.sizes?.find((size) => size.sku === normal)?.printSize ?? product.printSize;
}

export function assessUpload(
  size: PrintSize,
  crop: { width: number; height: number } | undefined,
  cropped: { width: number; height: number },
): PrintAssessment {
  const { dpi, quality } = assessPrint(crop ?? cropped, size);
  return { dpi, quality };
}
