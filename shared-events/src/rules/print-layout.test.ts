// The print layout maths of strips and collages: even white margins for a design of another shape
// than its paper, crops covering a box without stretching, strip frames of the crop's aspect.
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from './catalog';
import { containOnSheet, coverCrop, scaleRect, STRIP_DESIGNS, stripLayout } from './print-layout';

// A4 at 300 DPI, trimmed.
const A4 = { width: 2480, height: 3508 };

describe('containOnSheet', () => {
  it('given a 9:16 template on A4, then it fills the height and the white margins left and right are even', () => {
    const placed = containOnSheet({ width: 1080, height: 1920 }, A4);
    expect(placed.height).toBe(3508);
    expect(placed.width).toBe(1973);
    const left = placed.x;
    const right = A4.width - placed.x - placed.width;
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    expect(placed.width / placed.height).toBeCloseTo(9 / 16, 3);
  });

  it('given a template of the paper’s own shape (1:√2), then it fills the sheet with at most a pixel to spare', () => {
    const placed = containOnSheet({ width: 900, height: 1273 }, A4);
    expect(placed.width).toBeGreaterThanOrEqual(2479);
    expect(placed.height).toBeGreaterThanOrEqual(3506);
  });

  it('refuses sizes that are not positive', () => {
    expect(() => containOnSheet({ width: 0, height: 10 }, A4)).toThrow();
  });
});

describe('coverCrop', () => {
  it('given a crop of the box’s aspect, then all of it is kept', () => {
    const crop = { x: 10, y: 20, width: 400, height: 300 };
    expect(coverCrop(crop, { width: 800, height: 600 })).toEqual(crop);
  });

  it('given a wider crop, then it is trimmed evenly on both sides, never stretched', () => {
    const region = coverCrop({ x: 0, y: 0, width: 400, height: 200 }, { width: 100, height: 100 });
    expect(region).toEqual({ x: 100, y: 0, width: 200, height: 200 });
  });
});

describe('scaleRect', () => {
  it('maps a slot box of the template picture onto the placed design, edges meeting without gaps', () => {
    const placed = { x: 253, y: 0, width: 1973, height: 3508 };
    const from = { width: 1080, height: 1920 };
    const left = scaleRect({ x: 0, y: 0, width: 540, height: 960 }, from, placed);
    const right = scaleRect({ x: 540, y: 0, width: 540, height: 960 }, from, placed);
    expect(left.x).toBe(253);
    expect(left.x + left.width).toBe(right.x);
    expect(right.x + right.width).toBe(253 + 1973);
  });
});

describe('stripLayout', () => {
  const strip = { width: 600, height: 1800 };
  const strips = PRODUCTS.filter((p) => p.unit === 'strip');

  it.each(strips.map((p) => [p.sku, p] as const))(
    '%s: every frame has exactly the crop aspect the shopper framed with, inside the strip',
    (sku, product) => {
      const layout = stripLayout(strip, product.slots!, product.cropAspectRatio, sku in STRIP_DESIGNS);
      expect(layout.frames).toHaveLength(product.slots!);
      for (const frame of layout.frames) {
        // Whole pixels: within a pixel of the aspect.
        expect(Math.abs(frame.width - frame.height * product.cropAspectRatio)).toBeLessThanOrEqual(1);
        expect(frame.x).toBeGreaterThanOrEqual(0);
        expect(frame.y + frame.height).toBeLessThanOrEqual(strip.height);
      }
      for (const [i, frame] of layout.frames.slice(1).entries()) {
        expect(frame.y).toBeGreaterThan(layout.frames[i]!.y + layout.frames[i]!.height);
      }
    },
  );

  it('given a designed strip (Good Vibes: 3 photos at 4:3), then the room under the frames is its artwork', () => {
    const layout = stripLayout(strip, 3, 4 / 3, true);
    expect(layout.frames.map((f) => [f.width, f.height])).toEqual([
      [528, 396],
      [528, 396],
      [528, 396],
    ]);
    expect(layout.artwork).toEqual({ x: 36, y: 1332, width: 528, height: 432 });
  });

  it('given frames too tall for the strip, then they narrow, keeping their aspect', () => {
    const layout = stripLayout(strip, 4, 3 / 4, false);
    const [frame] = layout.frames;
    expect(frame!.width / frame!.height).toBeCloseTo(3 / 4, 2);
    expect(4 * frame!.height + 5 * 36).toBeLessThanOrEqual(1800);
    expect(frame!.x * 2 + frame!.width).toBeCloseTo(600, -1);
  });
});
