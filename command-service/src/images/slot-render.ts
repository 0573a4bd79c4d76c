// The print picture of a strip or collage line composed from its slots (line.slots: each slot's
// original and the crop in it) at the trimmed print size: a collage is its template placed on the
// paper with even white margins (never stretched), each slot's crop covering the slot's box and cut
// to the slot's real shape from the template's mask; a strip is its frames, each exactly the crop's
// aspect, on the strip's colour, with a designed strip's artwork (title and colours, drawn as SVG:
// the shop has no vector artwork for the designs) under them.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { lineTemplate } from '@printshop/shared-events/rules/collage-slots';
import {
  containOnSheet,
  coverCrop,
  scaleRect,
  STRIP_DESIGNS,
  stripBackground,
  stripLayout,
  type Rect,
  type Size,
  type StripDesign,
} from '@printshop/shared-events/rules/print-layout';
import { isolateSlotAlpha } from '@printshop/shared-events/rules/slot-alpha';
import { openStored } from './derivatives';
import { PRINT_DPI } from './print-spec';

/** The shop's public pictures (templates and masks), as the frontend serves them. */
export const PUBLIC_ASSETS_DIR = fileURLToPath(new URL('../../../frontend/public', import.meta.url));

type Slot = NonNullable<OrderLine['slots']>[number];

export interface ComposedPicture {
  /** RGB, exactly the trim size. */
  image: Sharp;
  /** The lowest of the slots' source pixels per printed inch. */
  effectiveDpi: number;
}

/** The slot's crop, covering `box`, on white, as RGBA pixels of exactly that size; undefined when gone. */
async function slotPixels(images: ImageStore, slot: Slot, box: Size) {
  const opened = await openStored(images, imageKeys.original(slot.imageId));
  if (!opened) return undefined;
  const region = coverCrop(slot.crop, box);
  const left = Math.max(0, Math.round(region.x));
  const top = Math.max(0, Math.round(region.y));
  const width = Math.max(1, Math.min(Math.round(region.width), opened.width - left));
  const height = Math.max(1, Math.min(Math.round(region.height), opened.height - top));
  const data = await opened.image
    .clone()
    .extract({ left, top, width, height })
    .resize(box.width, box.height, { fit: 'fill' })
    // A see-through part of the photo is paper white, as on a single print. Flattened before the
    // alpha is added: a collage slot's alpha becomes the mask's shape, which made a PNG's hidden
    // (black) pixels print as they were; on a strip the hole showed the strip's colour.
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { data, dpi: Math.floor((width / box.width) * PRINT_DPI) };
}

const rawLayer = (data: Buffer, box: Rect): OverlayOptions => ({
  input: data,
  raw: { width: box.width, height: box.height, channels: 4 },
  left: box.x,
  top: box.y,
});

/** The slot's shape cut from the mask (the part connected to its box's centre) as alpha at `box`. */
async function slotAlpha(mask: { data: Buffer; width: number; height: number }, area: Rect, box: Size) {
  const x = Math.max(0, Math.floor(area.x));
  const y = Math.max(0, Math.floor(area.y));
  const width = Math.max(1, Math.min(Math.ceil(area.x + area.width), mask.width) - x);
  const height = Math.max(1, Math.min(Math.ceil(area.y + area.height), mask.height) - y);
  const cut = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * mask.width + x) * 4;
    mask.data.copy(cut, row * width * 4, from, from + width * 4);
  }
  isolateSlotAlpha({ width, height, data: cut });
  return sharp(cut, { raw: { width, height, channels: 4 } })
    .resize(box.width, box.height, { fit: 'fill' })
    .extractChannel(3)
    .raw()
    .toBuffer();
}

/** The collage: its template on the sheet with even margins, each slot's photo in its shape. */
async function composeCollage(images: ImageStore, line: OrderLine, sheet: Size) {
  const data = line.customizationData as { templatePath?: string; images?: unknown[] } | undefined;
  const template = lineTemplate(line.sku, data?.templatePath);
  if (!template) return undefined;
  const templateFile = join(PUBLIC_ASSETS_DIR, template.templatePath);
  const meta = await sharp(templateFile).metadata();
  const source = { width: meta.width ?? 1, height: meta.height ?? 1 };
  const placed = containOnSheet(source, sheet);
  const layers: OverlayOptions[] = [
    {
      input: await sharp(templateFile).resize(placed.width, placed.height, { fit: 'fill' }).png().toBuffer(),
      left: placed.x,
      top: placed.y,
    },
  ];
  const mask =
    template.builder === 'mask' && template.maskPath
      ? await sharp(join(PUBLIC_ASSETS_DIR, template.maskPath))
          .resize(source.width, source.height, { fit: 'fill' })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
      : undefined;
  const positions = new Map(
    ((data?.images ?? []) as Array<{ slotId?: unknown; position?: Rect }>).map((i) => [
      String(i.slotId),
      i.position,
    ]),
  );
  let dpi = Number.POSITIVE_INFINITY;
  for (const slot of line.slots ?? []) {
    const area = slot.position ?? positions.get(String(slot.slot));
    if (!area || !(area.width > 0 && area.height > 0)) return undefined;
    const box = scaleRect(area, source, placed);
    const photo = await slotPixels(images, slot, box);
    if (!photo) return undefined;
    dpi = Math.min(dpi, photo.dpi);
    if (mask) {
      const alpha = await slotAlpha({ ...mask.info, data: mask.data }, area, box);
      for (let i = 0; i < alpha.length; i++) photo.data[i * 4 + 3] = alpha[i]!;
    }
    layers.push(rawLayer(photo.data, box));
  }
  return { layers, dpi, background: '#ffffff' };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A designed strip's artwork: its title in its ink over a band of its accent, with two hearts. */
function artworkSvg(design: StripDesign, box: Size): Buffer {
  const { width, height } = box;
  const size = Math.round(Math.min(height * 0.32, width / (design.title.length * 0.68)));
  const heart = (cx: number) =>
    `<path transform="translate(${cx},${height * 0.78}) scale(${size / 40})" d="M0 8 C-12 -6 -24 6 0 22 C24 6 12 -6 0 8Z" fill="${design.accent}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="${design.background}"/>
      <rect y="${height * 0.12}" width="100%" height="${Math.max(2, height * 0.04)}" fill="${design.accent}"/>
      <text x="50%" y="${height * 0.52}" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif"
        font-weight="bold" font-size="${size}" fill="${design.ink}">${escapeXml(design.title)}</text>
      ${heart(width * 0.3)}${heart(width * 0.7)}
    </svg>`,
  );
}

/** The strip: its frames top to bottom, each of the crop's aspect, and its design's artwork. */
async function composeStrip(images: ImageStore, line: OrderLine, sheet: Size) {
  const product = productBySku(line.sku);
  const slots = [...(line.slots ?? [])].sort((a, b) => Number(a.slot) - Number(b.slot));
  if (!product || slots.length === 0) return undefined;
  const design = STRIP_DESIGNS[product.sku];
  const layout = stripLayout(sheet, slots.length, product.cropAspectRatio, design !== undefined);
  const layers: OverlayOptions[] = [];
  let dpi = Number.POSITIVE_INFINITY;
  for (const [index, slot] of slots.entries()) {
    const box = layout.frames[index]!;
    const photo = await slotPixels(images, slot, box);
    if (!photo) return undefined;
    dpi = Math.min(dpi, photo.dpi);
    layers.push(rawLayer(photo.data, box));
  }
  if (design && layout.artwork && layout.artwork.height > 0) {
    layers.push({ input: artworkSvg(design, layout.artwork), left: layout.artwork.x, top: layout.artwork.y });
  }
  return { layers, dpi, background: stripBackground(product.sku, product.colour, product.family) };
}

/**
 * The line's picture composed from its slots at `sheet` (the trim size); undefined when the line
 * has no slots, is neither a strip nor a collage, or a slot's original is gone.
 */
export async function composeFromSlots(
  images: ImageStore,
  line: OrderLine,
  sheet: Size,
): Promise<ComposedPicture | undefined> {
  if (!line.slots?.length) return undefined;
  const unit = productBySku(line.sku)?.unit;
  const composed =
    unit === 'collage'
      ? await composeCollage(images, line, sheet)
      : unit === 'strip'
        ? await composeStrip(images, line, sheet)
        : undefined;
  if (!composed) return undefined;
  const canvas = await sharp({
    create: { width: sheet.width, height: sheet.height, channels: 4, background: composed.background },
  })
    .composite(composed.layers)
    .flatten({ background: composed.background })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: sharp(canvas.data, {
      raw: { width: sheet.width, height: sheet.height, channels: canvas.info.channels },
    }),
    effectiveDpi: Number.isFinite(composed.dpi) ? composed.dpi : PRINT_DPI,
  };
}
