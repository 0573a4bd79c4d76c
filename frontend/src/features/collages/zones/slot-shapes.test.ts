// Slot shapes from a mask whose slots' boxes overlap (two diamonds corner to corner, as in the
// diamond grid): each shape is its own diamond, a point goes to the diamond drawn there, and the
// remove button's corner falls inside the slot.
import { describe, expect, it } from 'vitest';
import type { DetectedZone, PixelImage } from './detect-zones';
import { removeAnchor, shapeHas, slotAt, slotShapes } from './slot-shapes';

/** 150 x 150, black, with white diamonds of radius 48 centred at (50, 50) and (100, 100). */
function twoDiamonds(): PixelImage {
  const width = 150;
  const height = 150;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const lit = Math.abs(x - 50) + Math.abs(y - 50) < 48 || Math.abs(x - 100) + Math.abs(y - 100) < 48;
      data.fill(lit ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      data[(y * width + x) * 4 + 3] = 255;
    }
  return { width, height, data };
}

const zones: DetectedZone[] = [
  { id: 1, x: 2, y: 2, width: 96, height: 96 },
  { id: 2, x: 52, y: 52, width: 96, height: 96 },
];

describe('slot shapes', () => {
  const shapes = slotShapes(twoDiamonds(), zones);

  it('given boxes that overlap, then each shape is only its own diamond', () => {
    expect(shapeHas(shapes.get(1)!, 50, 50)).toBe(true);
    // (90, 90) is in box 1 but drawn by diamond 2.
    expect(shapeHas(shapes.get(1)!, 90, 90)).toBe(false);
    expect(shapeHas(shapes.get(2)!, 90, 90)).toBe(true);
    expect(shapeHas(shapes.get(1)!, 5, 5)).toBe(false);
  });

  it('given a point, then it goes to the diamond drawn there, or none between them', () => {
    // Both in both boxes; box 2 is on top.
    expect(slotAt(shapes, 60, 60)).toBe(1);
    expect(slotAt(shapes, 90, 90)).toBe(2);
    expect(slotAt(shapes, 95, 20)).toBeUndefined();
  });

  it('given a diamond, then the remove button corner is inside it, below its top point', () => {
    const shape = shapes.get(1)!;
    const anchor = removeAnchor(shape);
    const x = shape.x + anchor.x * shape.width - 1;
    const y = shape.y + anchor.y * shape.height;
    expect(shapeHas(shape, x, y)).toBe(true);
    expect(anchor.y).toBeGreaterThan(0.1);
  });
});
