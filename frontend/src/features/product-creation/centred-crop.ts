// "Use centred crops for the rest": the crop the tool would start with if the shopper
// pressed Apply at once: zoom 1, centred, the frame in the photo's own orientation (rules/framing.ts).
import { canRotateFrame, frameAspect, startOrientation } from '@printshop/shared-events/rules/framing';
import type { CropArea } from '@printshop/shared-events/rules/uploads';

export function centredCrop(
  photo: { width: number; height: number },
  ratio: number,
  rotatable: boolean,
): CropArea {
  const aspect =
    rotatable && canRotateFrame(ratio) ? frameAspect(ratio, startOrientation(photo, ratio)) : ratio;
  // Whole pixels, rounded down, so the frame never reaches past the photo's edge.
  const width = Math.max(1, Math.floor(Math.min(photo.width, photo.height * aspect)));
  const height = Math.max(1, Math.floor(Math.min(photo.height, width / aspect)));
  return {
    x: Math.floor((photo.width - width) / 2),
    y: Math.floor((photo.height - height) / 2),
    width,
    height,
  };
}
