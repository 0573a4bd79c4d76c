// Strips with several photo slots (catalog `slots`): the photos of the list fill strips in list
// order, `slots` photos per strip, frames top to bottom. Only full strips can be ordered.
import type { PrintSize } from '@printshop/shared-events/rules/catalog';
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
