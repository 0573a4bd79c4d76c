// A collage line's slots (one photo per slot of its template, with crops inside the photos) and a
// slot's real shape cut from a mask (a diamond's box takes in its neighbours' corners).
import { describe, expect, it } from 'vitest';
import { collageSlotProblem, COLLAGE_SLOT_MESSAGES, cropInside, lineTemplate } from './collage-slots';
import { priceLines } from './cart-pricing';
import { isolateSlotAlpha } from './slot-alpha';

const crop = { x: 0, y: 0, width: 10, height: 10 };
const slots = (n: number) => Array.from({ length: n }, (_, i) => ({ slotId: i + 1, imageId: `i${i}`, crop }));

describe('collageSlotProblem', () => {
  it('given the diamond grid with its 9 slots cropped, then nothing is wrong', () => {
    expect(collageSlotProblem('TEMPLATE16_COLLAGE_A4', '/images/products/template16.png', slots(9))).toBe(
      undefined,
    );
  });

  it('given a slot missing, then it says how many the template needs', () => {
    expect(collageSlotProblem('TEMPLATE16_COLLAGE_A4', undefined, slots(8))).toBe(
      COLLAGE_SLOT_MESSAGES.count('Diamond Grid Collage - 9 Photos', 9, 8),
    );
  });

  it('given TEMPLATE12 sold by the template32 page, then its 3 slots are counted, not the film strip’s 7', () => {
    expect(lineTemplate('TEMPLATE12_COLLAGE_A4', '/images/products/template32.png')?.slots).toBe(3);
    expect(collageSlotProblem('TEMPLATE12_COLLAGE_A4', '/images/products/template32.png', slots(3))).toBe(
      undefined,
    );
    expect(collageSlotProblem('TEMPLATE12_COLLAGE_A4', '/images/products/template12.png', slots(3))).toMatch(
      /needs 7 photos/,
    );
  });

  it('given a slot twice or a slot without its crop, then it says which', () => {
    const twice = [...slots(8), { ...slots(1)[0]! }];
    expect(collageSlotProblem('TEMPLATE16_COLLAGE_A4', undefined, twice)).toBe(
      COLLAGE_SLOT_MESSAGES.duplicate(1),
    );
    const bare = slots(9).map((s, i) => (i === 4 ? { slotId: s.slotId, imageId: s.imageId } : s));
    expect(collageSlotProblem('TEMPLATE16_COLLAGE_A4', undefined, bare)).toBe(
      COLLAGE_SLOT_MESSAGES.noCrop(5),
    );
  });

  it('given a line without crops (an older client), then it is not held to the slot count', () => {
    expect(collageSlotProblem('TEMPLATE16_COLLAGE_A4', undefined, [{ slotId: 1, imageId: 'a' }])).toBe(
      undefined,
    );
  });
});

describe('cropInside', () => {
  it('allows a pixel of rounding past the far edge, no more', () => {
    expect(cropInside({ x: 0, y: 0, width: 101, height: 100 }, { width: 100, height: 100 })).toBe(true);
    expect(cropInside({ x: 2, y: 0, width: 100, height: 100 }, { width: 100, height: 100 })).toBe(false);
  });
});

describe('isolateSlotAlpha', () => {
  it('given a diamond box holding corners of its neighbours, then only the diamond is opaque', () => {
    // given: a 21 x 21 box, a diamond around the centre, and a neighbour's corner at the top left
    const size = 21;
    const data = new Uint8ClampedArray(size * size * 4);
    const c = 10;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const inDiamond = Math.abs(x - c) + Math.abs(y - c) <= 8;
        const neighbour = x + y <= 1;
        const v = inDiamond || neighbour ? 255 : 0;
        data.set([v, v, v, 255], (y * size + x) * 4);
      }
    }
    // when
    isolateSlotAlpha({ width: size, height: size, data });
    // then
    const alpha = (x: number, y: number) => data[(y * size + x) * 4 + 3];
    expect(alpha(c, c)).toBe(255);
    expect(alpha(c, c - 8)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(20, 20)).toBe(0);
  });
});

describe('the name of a collage line', () => {
  const line = (templatePath: string) => ({
    sku: 'TEMPLATE12_COLLAGE_A4',
    quantity: 1,
    customizationData: { templatePath },
  });

  it('given a template32 line (sold as TEMPLATE12), then it carries its own name and 3 photos, not the film strip’s 7', () => {
    const [item] = priceLines([line('/images/products/template32.png')], 'USD').items;
    expect(item!.name).toBe('Vertical Moments Collage - 3 Photos (A4) | Photo Collage Print');
  });

  it('given the film strip’s own line, then it keeps the catalog name', () => {
    const [item] = priceLines([line('/images/products/template12.png')], 'USD').items;
    expect(item!.name).toBe('Film Strip Collage - 7 Photos (A4) | Photo Collage Print');
  });
});
