// The canvas work of the crop flow (spec 2 §5 messages): cut the crop out of the original as a JPEG,
// and stack a strip's cropped photos into one strip picture. Components receive these through the
// `ImageTools` seam so a test environment without a canvas (jsdom) can give its own.
import { coverCrop } from '@printshop/shared-events/rules/print-layout';
import { UPLOAD_MESSAGES, isValidCropArea, type CropArea } from '@printshop/shared-events/rules/uploads';
import type { StripPreview } from './strips';

export interface ImageTools {
  /** The crop of `src` as a JPEG file named 'cropped_' + fileName. */
  cropToJpeg(
    src: string | null | undefined,
    area: CropArea | null | undefined,
    fileName: string,
  ): Promise<File>;
  /** The photo's own pixel size (for a centred crop chosen without the crop tool). */
  measure(src: string): Promise<{ width: number; height: number }>;
  /** The photos in the frames of a strip laid out as it prints (strips.ts stripPreview), as a JPEG. */
  composeStrip(sources: readonly string[], layout: StripPreview): Promise<Blob>;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(UPLOAD_MESSAGES.imageDataMissing));
    image.src = src;
  });
}

function canvasOf(
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(UPLOAD_MESSAGES.noCanvasContext);
  // JPEG has no transparency: a see-through part of a PNG would turn black, while the print file
  // (made from the original) flattens it on white paper. White here too, so the crop is the print.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  return { canvas, context };
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error(UPLOAD_MESSAGES.canvasEmpty))),
      'image/jpeg',
      quality,
    ),
  );
}

/** The checks before any canvas work (spec 2 §5): a usable crop area, then the image itself. */
export function checkCropInput(
  src: string | null | undefined,
  area: CropArea | null | undefined,
): asserts area is CropArea {
  if (!area || !isValidCropArea(area)) throw new Error(UPLOAD_MESSAGES.invalidCropArea);
  if (!src) throw new Error(UPLOAD_MESSAGES.imageDataMissing);
}

export const browserImageTools: ImageTools = {
  async cropToJpeg(src, area, fileName) {
    checkCropInput(src, area);
    const width = Math.max(1, Math.round(area.width));
    const height = Math.max(1, Math.round(area.height));
    const { canvas, context } = canvasOf(width, height);
    const image = await loadImage(src!);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
    const blob = await toJpeg(canvas, 0.92);
    return new File([blob], `cropped_${fileName}`, { type: 'image/jpeg' });
  },

  async measure(src) {
    const image = await loadImage(src);
    return { width: image.naturalWidth, height: image.naturalHeight };
  },

  async composeStrip(sources, layout) {
    const { size, frames, background } = layout;
    if (frames.length !== sources.length) throw new Error('A strip needs one photo per frame.');
    const { canvas, context } = canvasOf(size.width, size.height);
    context.fillStyle = background;
    context.fillRect(0, 0, size.width, size.height);
    const images = await Promise.all(sources.map(loadImage));
    context.imageSmoothingQuality = 'high';
    images.forEach((image, index) => {
      // Each photo covers its frame, centred (the crops are of the frame's aspect already).
      const frame = frames[index]!;
      const cut = coverCrop({ x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight }, frame);
      context.drawImage(
        image,
        cut.x,
        cut.y,
        cut.width,
        cut.height,
        frame.x,
        frame.y,
        frame.width,
        frame.height,
      );
    });
    return toJpeg(canvas, 0.92);
  },
};
