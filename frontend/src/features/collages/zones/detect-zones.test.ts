// @vitest-environment node
/// <reference types="node" />
// The slot detector on the committed template pictures and masks (decoded with sharp): each shows
// exactly its template's slot count, where the layout put them, in slot order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLLAGE_TEMPLATES } from '@printshop/shared-events/rules/collages';
import { layoutOf, slotBounds } from '../templates/layouts';
import {
  defaultMaskZones,
  detectColourZones,
  detectMaskZones,
  predefinedTemplateZones,
  readingOrder,
  type PixelImage,
} from './detect-zones';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

async function decode(webPath: string): Promise<PixelImage> {
  const { data, info } = await sharp(path.join(publicDir, webPath))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** A flat picture with rectangles painted on it. */
function painted(
  width: number,
  height: number,
  background: [number, number, number],
  rects: { x: number; y: number; w: number; h: number; rgb: [number, number, number] }[],
): PixelImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hit = rects.find((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
      data.set([...(hit?.rgb ?? background), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Pixel bounds agree with the layout's to within anti-aliasing. */
function expectNear(
  found: { x: number; y: number; width: number; height: number },
  number: number,
  slot: number,
) {
  const expected = slotBounds(layoutOf(number).slots[slot]!);
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(
      Math.abs(found[key] - expected[key]),
      `template ${number} slot ${slot + 1} ${key}`,
    ).toBeLessThanOrEqual(3);
  }
}

describe('colour-based slot detection on the template pictures', () => {
  for (const template of COLLAGE_TEMPLATES) {
    it(`template${template.number}.png shows its ${template.slots} slots, in slot order`, async () => {
      const zones = detectColourZones(await decode(template.templatePath));
      expect(zones).toHaveLength(template.slots);
      expect(zones.map((z) => z.id)).toEqual(Array.from({ length: template.slots }, (_, i) => i + 1));
      zones.forEach((zone, i) => expectNear(zone, template.number, i));
    });
  }
});

describe('mask-based slot detection on the masks', () => {
  for (const template of COLLAGE_TEMPLATES.filter((t) => t.maskPath)) {
    it(`mask${template.number}.png shows its ${template.slots} white slots, in reading order`, async () => {
      const zones = detectMaskZones(await decode(template.maskPath!));
      expect(zones).toHaveLength(template.slots);
      zones.forEach((zone, i) => expectNear(zone, template.number, i));
    });
  }

  it('mixed layout: slot 1 is the wide 16:9 one, slots 2-3 portrait 3:4, slots 4-7 square', async () => {
    const zones = detectMaskZones(await decode('/images/products/mask30.png'));
    const ratios = zones.map((z) => Math.round((z.width / z.height) * 100) / 100);
    expect(ratios).toEqual([1.78, 0.75, 0.75, 1, 1, 1, 1]);
  });
});

describe('thresholds', () => {
  it('given a slot-coloured patch under 0.5% of the picture, it is not a slot; at 0.5% or more it is', () => {
    // 200 x 200 = 40,000 px: 0.5% is 200 px. A 10 x 10 patch is 0.25%, a 20 x 20 patch 1%.
    const image = painted(
      200,
      200,
      [250, 250, 250],
      [
        { x: 10, y: 10, w: 10, h: 10, rgb: [230, 25, 75] },
        { x: 100, y: 100, w: 20, h: 20, rgb: [60, 180, 75] },
      ],
    );
    const zones = detectColourZones(image);
    expect(zones).toEqual([{ id: 1, x: 100, y: 100, width: 20, height: 20, color: '#3cb44b' }]);
  });

  it('given a white patch under 1% of the mask, it is not a slot; a larger one is, to the pixel', () => {
    // 500 x 500 = 250,000 px: 1% is 2,500 px. 40 x 40 = 0.64%, 73 x 61 = 1.8%.
    const image = painted(
      500,
      500,
      [0, 0, 0],
      [
        { x: 20, y: 20, w: 40, h: 40, rgb: [255, 255, 255] },
        { x: 203, y: 301, w: 73, h: 61, rgb: [255, 255, 255] },
      ],
    );
    expect(detectMaskZones(image)).toEqual([{ id: 1, x: 203, y: 301, width: 73, height: 61 }]);
  });

  it('given colours far from every slot colour (decoration), no slot is found', () => {
    const image = painted(300, 300, [240, 230, 220], [{ x: 0, y: 0, w: 150, h: 300, rgb: [120, 120, 200] }]);
    expect(detectColourZones(image)).toEqual([]);
  });

  it('given a broken image description, it refuses it', () => {
    expect(() => detectMaskZones({ width: 0, height: 10, data: new Uint8ClampedArray(0) })).toThrow(
      'Invalid image size',
    );
    expect(() => detectColourZones({ width: 10, height: 10, data: new Uint8ClampedArray(40) })).toThrow(
      'Image data is shorter than its size',
    );
  });
});

describe('reading order and fallbacks', () => {
  it('orders boxes by rows (half-height overlap), then left to right', () => {
    const boxes = [
      { x: 500, y: 10, height: 100, name: 'top right' },
      { x: 0, y: 300, height: 100, name: 'bottom left' },
      { x: 0, y: 40, height: 100, name: 'top left (lower, same row)' },
    ];
    expect(readingOrder(boxes).map((b) => b.name)).toEqual([
      'top left (lower, same row)',
      'top right',
      'bottom left',
    ]);
  });

  it('the mask fallback is three 200 x 200 zones; the template 1 fallback is its three designed slots', () => {
    expect(defaultMaskZones().map(({ width, height }) => [width, height])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
    ]);
    expect(predefinedTemplateZones()).toHaveLength(3);
    predefinedTemplateZones().forEach((zone, i) => expectNear(zone, 1, i));
  });
});
