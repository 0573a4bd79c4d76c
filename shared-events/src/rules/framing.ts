// Framing a photo for a rectangular product (spec 2 §5): the frame has the product's ratio in either
// orientation, starts in the photo's own orientation and can be turned. Squares have one orientation.

export type FrameOrientation = 'landscape' | 'portrait';

interface Size {
  width: number;
  height: number;
}

/** Square products (ratio 1) have nothing to turn. */
export const canRotateFrame = (ratio: number): boolean => Math.abs(ratio - 1) > 1e-9;

/** The product's own orientation: cropAspectRatio is width / height. */
export const productOrientation = (ratio: number): FrameOrientation => (ratio > 1 ? 'landscape' : 'portrait');

/** The frame's width / height in `orientation` for a product of `ratio` (either way round). */
export function frameAspect(ratio: number, orientation: FrameOrientation): number {
  if (!canRotateFrame(ratio)) return 1;
  const long = Math.max(ratio, 1 / ratio);
  return orientation === 'landscape' ? long : 1 / long;
}

/** The frame starts like the photo; a square photo keeps the product's own orientation. */
export function startOrientation(photo: Size, ratio: number): FrameOrientation {
  if (photo.width === photo.height) return productOrientation(ratio);
  return photo.width > photo.height ? 'landscape' : 'portrait';
}

export const turned = (orientation: FrameOrientation): FrameOrientation =>
  orientation === 'landscape' ? 'portrait' : 'landscape';

/** Share (0..1) of the photo's pixels inside the largest frame of `aspect` that fits it (zoom 1). */
export function keptShare(photo: Size, aspect: number): number {
  const width = Math.min(photo.width, photo.height * aspect);
  const height = width / aspect;
  return (width * height) / (photo.width * photo.height);
}
