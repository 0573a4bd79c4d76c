// Each slot's own shape, cut from a mask template's mask as the print and the preview cut it
// (rules/slot-alpha.ts): a slot's box can take in corners of its neighbours (a diamond grid's boxes
// overlap), so the editor shows a photo only inside its slot and sends a click to the slot that is
// drawn where the finger landed, not to whichever box is on top. Pure, over RGBA pixels.
import { isolateSlotAlpha } from '@printshop/shared-events/rules/slot-alpha';
import type { DetectedZone, PixelImage } from './detect-zones';

/** A slot's alpha over its box (whole pixels from the box's floor), row by row. */
export interface SlotShape {
  x: number;
  y: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

const OPAQUE = 128;

/** A template build's slots are its boxes: no shapes. */
export const NO_SHAPES: ReadonlyMap<number, SlotShape> = new Map();

/** The shape of every zone, from the mask's pixels. */
export function slotShapes(mask: PixelImage, zones: readonly DetectedZone[]): Map<number, SlotShape> {
  const shapes = new Map<number, SlotShape>();
  for (const zone of zones) {
    const x = Math.max(0, Math.floor(zone.x));
    const y = Math.max(0, Math.floor(zone.y));
    const width = Math.max(1, Math.min(mask.width, Math.ceil(zone.x + zone.width)) - x);
    const height = Math.max(1, Math.min(mask.height, Math.ceil(zone.y + zone.height)) - y);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let row = 0; row < height; row++) {
      const from = ((y + row) * mask.width + x) * 4;
      data.set(mask.data.subarray(from, from + width * 4), row * width * 4);
    }
    isolateSlotAlpha({ width, height, data });
    const alpha = new Uint8Array(width * height);
    for (let pixel = 0; pixel < alpha.length; pixel++) alpha[pixel] = data[pixel * 4 + 3]!;
    shapes.set(zone.id, { x, y, width, height, alpha });
  }
  return shapes;
}

/** Whether the shape is drawn at (x, y), in the mask's pixels. */
export function shapeHas(shape: SlotShape, x: number, y: number): boolean {
  const column = Math.floor(x) - shape.x;
  const row = Math.floor(y) - shape.y;
  if (column < 0 || row < 0 || column >= shape.width || row >= shape.height) return false;
  return shape.alpha[row * shape.width + column]! >= OPAQUE;
}

/** The slot drawn at (x, y), the last listed first (it is on top); undefined between slots. */
export function slotAt(shapes: ReadonlyMap<number, SlotShape>, x: number, y: number): number | undefined {
  let found: number | undefined;
  for (const [id, shape] of shapes) if (shapeHas(shape, x, y)) found = id;
  return found;
}

/**
 * Where a filled slot's remove button goes (its top-right corner), as fractions of the box: the right
 * end of the first row where the shape is at least 40% of the box wide, so the button sits inside
 * its own slot (a rectangle's top-right corner; on a diamond, below its top point).
 */
export function removeAnchor(shape: SlotShape): { x: number; y: number } {
  for (let row = 0; row < shape.height; row++) {
    let left = -1;
    let right = -1;
    for (let column = 0; column < shape.width; column++) {
      if (shape.alpha[row * shape.width + column]! < OPAQUE) continue;
      if (left < 0) left = column;
      right = column;
    }
    if (left >= 0 && right - left + 1 >= shape.width * 0.4)
      return { x: (right + 1) / shape.width, y: row / shape.height };
  }
  return { x: 1, y: 0 };
}
