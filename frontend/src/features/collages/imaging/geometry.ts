// Pure arithmetic of cropping and placing photos in slots (no canvas here).
import { COLLAGE_OUTPUT, type CollageBuilder } from '@printshop/shared-events/rules/collages';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest area of the given ratio (width / height) centred in a picture: the crop before any drag. */
export function centredCrop(width: number, height: number, aspect: number): Area {
  if (!(width > 0 && height > 0 && aspect > 0)) throw new Error('Invalid crop area received.');
  const cropWidth = Math.min(width, height * aspect);
  const cropHeight = cropWidth / aspect;
  return {
    x: Math.round((width - cropWidth) / 2),
    y: Math.round((height - cropHeight) / 2),
    width: Math.round(cropWidth),
    height: Math.round(cropHeight),
  };
}

/**
 * The part of a crop that fills a box of another ratio without stretching: the crop trimmed
 * evenly on the long side. (A slot's crop ratio is the page's, the slot itself may differ a little.)
 */
export function coverArea(crop: Area, boxWidth: number, boxHeight: number): Area {
  if (!(crop.width > 0 && crop.height > 0 && boxWidth > 0 && boxHeight > 0)) {
    throw new Error('Invalid crop area received.');
  }
  const boxRatio = boxWidth / boxHeight;
  if (crop.width / crop.height > boxRatio) {
    const width = crop.height * boxRatio;
    return { x: crop.x + (crop.width - width) / 2, y: crop.y, width, height: crop.height };
  }
  const height = crop.width / boxRatio;
  return { x: crop.x, y: crop.y + (crop.height - height) / 2, width: crop.width, height };
}

/** Spec 2 §9: template builds are 1080 x 1920; mask builds 4800 px wide at the template's ratio. */
export function outputSize(builder: CollageBuilder, sourceWidth: number, sourceHeight: number) {
  if (builder === 'template') {
    return { width: COLLAGE_OUTPUT.template.width, height: COLLAGE_OUTPUT.template.height };
  }
  const width = COLLAGE_OUTPUT.mask.width;
  return { width, height: Math.round((width * sourceHeight) / sourceWidth) };
}

/** A slot's box scaled from the template picture to the output. */
export function scaleArea(area: Area, sx: number, sy: number): Area {
  const x = Math.round(area.x * sx);
  const y = Math.round(area.y * sy);
  return {
    x,
    y,
    width: Math.round((area.x + area.width) * sx) - x,
    height: Math.round((area.y + area.height) * sy) - y,
  };
}

/** Spec 2 §9: a slot's cropped picture is made at twice the slot's size on the template. */
export const ZONE_CROP_SCALE = 2;
