// The canvas work of the crop flow (spec 2 §5 messages): cut the crop out of the original as a JPEG,
// and stack a strip's cropped photos into one strip picture. Components receive these through the
// `ImageTools` seam so a test environment without a canvas (jsdom) can give its own.
import { UPLOAD_MESSAGES, isValidCropArea, type CropArea } from '@printshop/shared-events/rules/uploads';

export interface ImageTools {
  /** The crop of `src` as a JPEG file named 'cropped_' + fileName. */
  cropToJpeg(
    src: string | null | undefined,
    area: CropArea | null | undefined,
    fileName: string,
  ): Promise<File>;
  /** The photo's own pixel size (for a centred crop chosen without the crop tool). */
  measure(src: string): Promise<{ width: number; height: number }>;
  /** The photos stacked top to bottom into one strip picture of the given pixel size (JPEG). */
  composeStrip(sources: readonly string[], size: { width: number; height: number }): Promise<Blob>;
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

  async composeStrip(sources, size) {
    const { canvas, context } = canvasOf(size.width, size.height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    // A white margin around and between the frames, as a printed strip has.
    const margin = Math.round(size.width * 0.06);
    const frameWidth = size.width - margin * 2;
    const frameHeight = (size.height - margin * (sources.length + 1)) / sources.length;
    const images = await Promise.all(sources.map(loadImage));
    images.forEach((image, index) => {
      // Cover the frame, centred (the photos were cropped to the slot's aspect already).
      const scale = Math.max(frameWidth / image.naturalWidth, frameHeight / image.naturalHeight);
      const sw = frameWidth / scale;
      const sh = frameHeight / scale;
      const top = margin + index * (frameHeight + margin);
      context.drawImage(
        image,
        (image.naturalWidth - sw) / 2,
        (image.naturalHeight - sh) / 2,
        sw,
        sh,
        margin,
        top,
        frameWidth,
        frameHeight,
      );
    });
    return toJpeg(canvas, 0.92);
  },
};
