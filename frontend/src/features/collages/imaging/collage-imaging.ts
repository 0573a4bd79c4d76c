// Reading templates and drawing collages with a CanvasKit: the pixels of a template or mask for
// slot detection, the cropped picture of one slot, and the composed collage (spec 2 §9).
import { COLLAGE_OUTPUT, type CollageBuilder } from '@printshop/shared-events/rules/collages';
import type { PixelImage } from '../zones/detect-zones';
import { context2d, type CanvasKit, type Picture, type Surface } from './canvas-kit';
import { coverArea, outputSize, scaleArea, ZONE_CROP_SCALE, type Area } from './geometry';
import { isolateSlotAlpha } from '@printshop/shared-events/rules/slot-alpha';

/**
 * What a see-through part of a photo shows: paper white, as the print file on the server (and a
 * single print) has it, never the slot's colour and number drawn on the template under it.
 */
const PAPER = '#ffffff';

async function withPicture<T>(kit: CanvasKit, source: string | Blob, draw: (p: Picture) => Promise<T> | T) {
  const picture = await kit.loadPicture(source);
  try {
    return await draw(picture);
  } finally {
    picture.close?.();
  }
}

/** The RGBA pixels of a picture at its own size. */
export function readPixels(kit: CanvasKit, source: string | Blob): Promise<PixelImage> {
  return withPicture(kit, source, (picture) => {
    const surface = kit.createSurface(picture.width, picture.height);
    const context = context2d(surface);
    context.drawImage(picture, 0, 0);
    return context.getImageData(0, 0, picture.width, picture.height);
  });
}

export function measure(kit: CanvasKit, source: Blob): Promise<{ width: number; height: number }> {
  return withPicture(kit, source, (p) => ({ width: p.width, height: p.height }));
}

/** One slot's picture: the crop, trimmed to the slot's shape, at twice the slot's size, as PNG. */
export function cropForSlot(kit: CanvasKit, photo: Blob, crop: Area, slot: Area): Promise<Blob> {
  if (!(crop.width > 0 && crop.height > 0)) return Promise.reject(new Error('Invalid crop area received.'));
  return withPicture(kit, photo, (picture) => {
    const width = Math.max(1, Math.round(slot.width * ZONE_CROP_SCALE));
    const height = Math.max(1, Math.round(slot.height * ZONE_CROP_SCALE));
    const surface = kit.createSurface(width, height);
    const source = coverArea(crop, width, height);
    const context = context2d(surface);
    // On white, as it prints: the editor shows it over the template, whose slot colour and number
    // would show through a see-through part.
    context.fillStyle = PAPER;
    context.fillRect(0, 0, width, height);
    context.drawImage(picture, source.x, source.y, source.width, source.height, 0, 0, width, height);
    return kit.encode(surface, 'image/png');
  });
}

export interface FilledSlot extends Area {
  photo: Blob;
  crop: Area;
}

export interface CollageDrawing {
  builder: CollageBuilder;
  templatePath: string;
  maskPath?: string;
  /** Size of the picture the slots were found on (the template's, or the mask's). */
  sourceWidth: number;
  sourceHeight: number;
  slots: FilledSlot[];
}

/**
 * The slot's own shape from the mask as alpha (white opaque, black transparent), worked out at the
 * mask's size and scaled to the slot's output size, ready for `source-in`.
 */
function slotMask(kit: CanvasKit, mask: Picture, slot: Area, width: number, height: number): Surface {
  const sx = Math.max(0, Math.floor(slot.x));
  const sy = Math.max(0, Math.floor(slot.y));
  const sw = Math.max(1, Math.ceil(slot.x + slot.width) - sx);
  const sh = Math.max(1, Math.ceil(slot.y + slot.height) - sy);
  const cut = kit.createSurface(sw, sh);
  const cutContext = context2d(cut);
  cutContext.drawImage(mask, sx, sy, sw, sh, 0, 0, sw, sh);
  const pixels = cutContext.getImageData(0, 0, sw, sh);
  isolateSlotAlpha(pixels);
  cutContext.putImageData(pixels, 0, 0);
  const piece = kit.createSurface(width, height);
  context2d(piece).drawImage(cut as unknown as CanvasImageSource, 0, 0, sw, sh, 0, 0, width, height);
  return piece;
}

/** Draws the template, then each slot's photo on white (cut to the mask's shape for mask builds). */
async function draw(
  kit: CanvasKit,
  drawing: CollageDrawing,
  width: number,
  height: number,
): Promise<Surface> {
  const surface = kit.createSurface(width, height);
  const context = context2d(surface);
  context.imageSmoothingQuality = 'high';
  const sx = width / drawing.sourceWidth;
  const sy = height / drawing.sourceHeight;
  await withPicture(kit, drawing.templatePath, (template) =>
    context.drawImage(template, 0, 0, width, height),
  );
  const mask =
    drawing.builder === 'mask' && drawing.maskPath ? await kit.loadPicture(drawing.maskPath) : null;
  try {
    for (const slot of drawing.slots) {
      const box = scaleArea(slot, sx, sy);
      if (box.width <= 0 || box.height <= 0) continue;
      await withPicture(kit, slot.photo, (photo) => {
        const source = coverArea(slot.crop, box.width, box.height);
        if (!mask) {
          context.fillStyle = PAPER;
          context.fillRect(box.x, box.y, box.width, box.height);
          context.drawImage(
            photo,
            source.x,
            source.y,
            source.width,
            source.height,
            box.x,
            box.y,
            box.width,
            box.height,
          );
          return;
        }
        const piece = slotMask(kit, mask, slot, box.width, box.height);
        const pieceContext = context2d(piece);
        // Paper in the slot's shape first, then the photo over it (source-atop keeps the shape).
        pieceContext.globalCompositeOperation = 'source-in';
        pieceContext.fillStyle = PAPER;
        pieceContext.fillRect(0, 0, box.width, box.height);
        pieceContext.globalCompositeOperation = 'source-atop';
        pieceContext.drawImage(
          photo,
          source.x,
          source.y,
          source.width,
          source.height,
          0,
          0,
          box.width,
          box.height,
        );
        context.drawImage(piece as unknown as CanvasImageSource, box.x, box.y);
      });
    }
  } finally {
    mask?.close?.();
  }
  return surface;
}

/** The print file: 1080 x 1920 JPEG at 0.95 (template builds) or 4800 px wide at 1 (mask builds). */
export async function composeCollage(kit: CanvasKit, drawing: CollageDrawing): Promise<Blob> {
  const { width, height } = outputSize(drawing.builder, drawing.sourceWidth, drawing.sourceHeight);
  const surface = await draw(kit, drawing, width, height);
  const quality =
    drawing.builder === 'template' ? COLLAGE_OUTPUT.template.quality : COLLAGE_OUTPUT.mask.quality;
  return kit.encode(surface, 'image/jpeg', quality);
}

export const PREVIEW_WIDTH = 720;
export const WATERMARK = 'PREVIEW';

/**
 * What the shopper sees before ordering: the same drawing at screen size. Mask builds carry a
 * 'PREVIEW' watermark here only; the print file (composeCollage) has none.
 */
export async function previewCollage(kit: CanvasKit, drawing: CollageDrawing): Promise<Blob> {
  const full = outputSize(drawing.builder, drawing.sourceWidth, drawing.sourceHeight);
  const width = PREVIEW_WIDTH;
  const height = Math.round((full.height * width) / full.width);
  const surface = await draw(kit, drawing, width, height);
  if (drawing.builder === 'mask') {
    const context = context2d(surface);
    context.save();
    context.translate(width / 2, height / 2);
    context.rotate(-Math.PI / 6);
    context.font = `bold ${Math.round(width / 9)}px sans-serif`;
    context.textAlign = 'center';
    context.fillStyle = 'rgba(255, 255, 255, 0.45)';
    context.strokeStyle = 'rgba(0, 0, 0, 0.25)';
    context.lineWidth = 2;
    for (const offset of [-1, 0, 1]) {
      context.fillText(WATERMARK, 0, offset * height * 0.3);
      context.strokeText(WATERMARK, 0, offset * height * 0.3);
    }
    context.restore();
  }
  return kit.encode(surface, 'image/jpeg', 0.85);
}
