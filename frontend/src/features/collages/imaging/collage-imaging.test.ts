// @vitest-environment node
/// <reference types="node" />
// Composition on a real canvas (@napi-rs/canvas, the browser's 2D API) checked by decoding the
// result with sharp: output sizes and formats of spec 2 §9, photos in their slots, the mask's
// shape, the preview-only watermark, and the slot crop at double scale.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { collageTemplateByPage } from '@printshop/shared-events/rules/collages';
import { nodeCanvasKit, photoFile } from '../test-support/node-canvas';
import { analyseTemplate } from '../use-template-zones';
import { composeCollage, cropForSlot, previewCollage, type CollageDrawing } from './collage-imaging';
import { centredCrop, coverArea, outputSize } from './geometry';

const kit = nodeCanvasKit;

async function pixels(blob: Blob) {
  const { data, info } = await sharp(Buffer.from(await blob.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const o = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
  return { info, at };
}

/** A flat-coloured photo (so a slot's colour says which photo is in it). */
async function flatPhoto(rgb: [number, number, number], width = 400, height = 300): Promise<Blob> {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  return new Blob([png], { type: 'image/png' });
}

const near = (a: number[], b: number[], tolerance = 12) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

async function drawingFor(page: string, photos: Blob[]): Promise<CollageDrawing> {
  const template = collageTemplateByPage(page)!;
  const zones = await analyseTemplate(kit, template);
  return {
    builder: template.builder,
    templatePath: template.templatePath,
    maskPath: template.maskPath,
    sourceWidth: zones.width,
    sourceHeight: zones.height,
    slots: zones.zones.map((zone, i) => ({
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      photo: photos[i % photos.length]!,
      crop: { x: 0, y: 0, width: 400, height: 300 },
    })),
  };
}

describe('geometry', () => {
  it('the first crop is the largest centred area of the ratio', () => {
    expect(centredCrop(400, 300, 1)).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    expect(centredCrop(300, 400, 16 / 9)).toEqual({ x: 0, y: 116, width: 300, height: 169 });
    expect(() => centredCrop(0, 300, 1)).toThrow('Invalid crop area received.');
  });

  it('a crop of another ratio than its slot is trimmed evenly, never stretched', () => {
    expect(coverArea({ x: 10, y: 0, width: 400, height: 300 }, 100, 100)).toEqual({
      x: 60,
      y: 0,
      width: 300,
      height: 300,
    });
    expect(coverArea({ x: 0, y: 0, width: 300, height: 300 }, 200, 100)).toEqual({
      x: 0,
      y: 75,
      width: 300,
      height: 150,
    });
  });

  it('template builds are 1080 x 1920; mask builds are 4800 wide at the template ratio', () => {
    expect(outputSize('template', 540, 960)).toEqual({ width: 1080, height: 1920 });
    expect(outputSize('mask', 900, 1273)).toEqual({ width: 4800, height: 6789 });
  });
});

describe('composition', () => {
  it('template build: a 1080 x 1920 JPEG with each photo filling its slot and the template around them', async () => {
    const red: [number, number, number] = [200, 30, 30];
    const blue: [number, number, number] = [30, 60, 200];
    const green: [number, number, number] = [30, 160, 60];
    const drawing = await drawingFor('template-collage', [
      await flatPhoto(red),
      await flatPhoto(blue),
      await flatPhoto(green),
    ]);
    const collage = await composeCollage(kit, drawing);
    expect(collage.type).toBe('image/jpeg');
    const { info, at } = await pixels(collage);
    expect([info.width, info.height]).toEqual([1080, 1920]);
    const [one, two, three] = drawing.slots;
    const centre = (s: typeof one) => at(s!.x + s!.width / 2, s!.y + s!.height / 2);
    expect(near(centre(one), red)).toBe(true);
    expect(near(centre(two), blue)).toBe(true);
    expect(near(centre(three), green)).toBe(true);
    // Outside the slots the template shows (its header is pale, no photo colour).
    expect(near(at(540, 20), red, 60)).toBe(false);
  });

  it('mask build: 4800 px wide, each photo cut to its own slot shape (diamond boxes overlap their neighbours)', async () => {
    const colours: [number, number, number][] = [
      [220, 20, 20],
      [20, 150, 40],
      [30, 60, 210],
      [230, 140, 20],
      [120, 20, 160],
      [20, 190, 200],
      [230, 40, 200],
      [160, 220, 40],
      [90, 60, 30],
    ];
    const drawing = await drawingFor(
      'template16-collage',
      await Promise.all(colours.map((c) => flatPhoto(c))),
    );
    const collage = await composeCollage(kit, drawing);
    const { info, at } = await pixels(collage);
    expect(info.width).toBe(4800);
    expect(info.height).toBe(Math.round((4800 * drawing.sourceHeight) / drawing.sourceWidth));
    const scale = 4800 / drawing.sourceWidth;
    const atSource = (x: number, y: number) => at(x * scale, y * scale);
    drawing.slots.forEach((slot, i) => {
      expect(
        near(atSource(slot.x + slot.width / 2, slot.y + slot.height / 2), colours[i]!),
        `slot ${i + 1}`,
      ).toBe(true);
    });
    // The centre slot's box reaches into its upper-left neighbour (slot 2, left of the second row):
    // that neighbour's photo shows there, and beside its left tip no photo of the centre slot.
    const centre = drawing.slots[4]!;
    const corner = atSource(centre.x + 14, centre.y + centre.height / 2 - 40);
    expect(near(corner, colours[4]!, 40)).toBe(false);
    expect(near(atSource(centre.x + 30, centre.y + 30), colours[1]!)).toBe(true);
  }, 60_000);

  it('the on-screen preview of a mask build carries the watermark; the template build preview does not', async () => {
    const white: [number, number, number] = [255, 255, 255];
    const black: [number, number, number] = [0, 0, 0];
    const mask = await drawingFor('template21-collage', [await flatPhoto(black)]);
    const plain = await drawingFor('template-collage', [await flatPhoto(black)]);
    const countLight = async (blob: Blob) => {
      const { info, at } = await pixels(blob);
      let light = 0;
      for (let y = 0; y < info.height; y += 4) {
        for (let x = 0; x < info.width; x += 4) if (near(at(x, y), white, 140) && at(x, y)[0]! > 60) light++;
      }
      return light;
    };
    // Same drawing, preview vs print-size copy scaled down: only the preview has extra light text.
    const preview = await previewCollage(kit, mask);
    const print = await sharp(Buffer.from(await (await composeCollage(kit, mask)).arrayBuffer()))
      .resize({ width: 720 })
      .jpeg()
      .toBuffer();
    expect((await pixels(preview)).info.width).toBe(720);
    expect(await countLight(preview)).toBeGreaterThan((await countLight(new Blob([print]))) + 50);
    const plainPreview = await previewCollage(kit, plain);
    const plainPrint = await sharp(Buffer.from(await (await composeCollage(kit, plain)).arrayBuffer()))
      .resize({ width: 720 })
      .jpeg()
      .toBuffer();
    expect(
      Math.abs((await countLight(plainPreview)) - (await countLight(new Blob([plainPrint])))),
    ).toBeLessThan(50);
  }, 60_000);

  it('given photos with a see-through disc, when a mask build and a template build are composed and previewed, then the disc is paper white, not the slot placeholder under it', async () => {
    // A PNG the size of the drawings' crops: red, its middle transparent (hidden pixels black).
    const red = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#cc2222ff' } })
      .png()
      .toBuffer();
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="100"/></svg>',
    );
    const holed = new Blob(
      [
        await sharp(red)
          .composite([{ input: disc, blend: 'dest-out' }])
          .png()
          .toBuffer(),
      ],
      { type: 'image/png' },
    );
    const white: [number, number, number] = [255, 255, 255];
    for (const page of ['template7-collage', 'template-collage']) {
      const drawing = await drawingFor(page, [holed]);
      for (const [name, blob, width] of [
        [
          'print',
          await composeCollage(kit, drawing),
          outputSize(drawing.builder, drawing.sourceWidth, drawing.sourceHeight).width,
        ],
        ['preview', await previewCollage(kit, drawing), 720],
      ] as const) {
        const { at } = await pixels(blob);
        const scale = width / drawing.sourceWidth;
        drawing.slots.forEach((slot, i) => {
          const centre = at((slot.x + slot.width / 2) * scale, (slot.y + slot.height / 2) * scale);
          expect(near(centre, white), `${page} ${name} slot ${i + 1}: ${centre.join('/')}`).toBe(true);
        });
      }
    }
    // The slot's own crop, shown in the editor over the template, is white there too.
    const slotCrop = await cropForSlot(
      kit,
      holed,
      { x: 0, y: 0, width: 400, height: 300 },
      { x: 0, y: 0, width: 100, height: 75 },
    );
    const { data } = await sharp(Buffer.from(await slotCrop.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const middle = (75 * 200 + 100) * 4;
    expect([...data.subarray(middle, middle + 4)]).toEqual([255, 255, 255, 255]);
  }, 60_000);

  it('a slot crop is a PNG at twice the slot size', async () => {
    const photo = await photoFile('p.png', 800, 600);
    const crop = await cropForSlot(
      kit,
      photo,
      { x: 100, y: 0, width: 600, height: 600 },
      { x: 0, y: 0, width: 120, height: 90 },
    );
    expect(crop.type).toBe('image/png');
    const { info } = await pixels(crop);
    expect([info.width, info.height]).toEqual([240, 180]);
    await expect(
      cropForSlot(kit, photo, { x: 0, y: 0, width: 0, height: 10 }, { x: 0, y: 0, width: 10, height: 10 }),
    ).rejects.toThrow('Invalid crop area received.');
  });
});

describe('template analysis with fallbacks', () => {
  it("finds each template's slots on its picture or mask", async () => {
    for (const page of ['template-collage', 'template30-collage']) {
      const template = collageTemplateByPage(page)!;
      const found = await analyseTemplate(kit, template);
      expect(found.zones).toHaveLength(template.slots);
      expect(found.fallback).toBe(false);
    }
  });

  it('given a mask that cannot be read, three 200 x 200 zones; given a template 1 picture without slots, its three designed ones', async () => {
    const mask = collageTemplateByPage('template7-collage')!;
    const unreadable = await analyseTemplate(kit, { ...mask, maskPath: '/images/products/no-such-mask.png' });
    expect(unreadable.fallback).toBe(true);
    expect(unreadable.zones.map((z) => [z.width, z.height])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
    ]);
    const post = collageTemplateByPage('template-collage')!;
    // A mask picture is black and white: no slot colour on it.
    const blank = await analyseTemplate(kit, { ...post, templatePath: '/images/products/mask3.png' });
    expect(blank.fallback).toBe(true);
    expect(blank.zones.map((z) => z.width)).toEqual([960, 465, 465]);
  });
});
