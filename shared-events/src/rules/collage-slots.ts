// What a collage cart line must hold (pure): one photo per slot of its template, each slot once,
// and each crop inside its photo. The template is the one the line names (templatePath) among
// those selling under the SKU (TEMPLATE12: the 7-photo film strip and the 3-photo template32).
import { parseCollageSku, type CollageTemplate } from './collages';

export const COLLAGE_SLOT_MESSAGES = {
  count: (template: string, slots: number, got: number) =>
    `${template} needs ${slots} photos, one per slot; this one has ${got}.`,
  duplicate: (slot: string | number) => `Slot ${slot} is filled twice.`,
  noCrop: (slot: string | number) => `Slot ${slot} has no crop; every slot needs one.`,
  cropOutside: (slot: string | number) => `The crop of slot ${slot} is not inside its photo.`,
} as const;

interface SlotImage {
  slotId: string | number;
  imageId: string;
  crop?: { x: number; y: number; width: number; height: number };
}

/** The template a collage line is made on; undefined for a SKU that is not a collage. */
export function lineTemplate(sku: string, templatePath: string | undefined): CollageTemplate | undefined {
  const parsed = parseCollageSku(sku);
  if (!parsed) return undefined;
  return parsed.templates.find((t) => t.templatePath === templatePath) ?? parsed.template;
}

/**
 * The first thing wrong with a collage line's slots as a field message; undefined when right. Only
 * lines that carry crops (the print recipe) are held to one photo per slot: a line without crops
 * prints its composite as before, and older clients sent only some slots.
 */
export function collageSlotProblem(
  sku: string,
  templatePath: string | undefined,
  images: readonly SlotImage[],
): string | undefined {
  const template = lineTemplate(sku, templatePath);
  if (!template || !images.some((image) => image.crop)) return undefined;
  if (images.length !== template.slots) {
    return COLLAGE_SLOT_MESSAGES.count(template.name, template.slots, images.length);
  }
  const seen = new Set<string>();
  for (const { slotId, crop } of images) {
    if (!crop) return COLLAGE_SLOT_MESSAGES.noCrop(slotId);
    if (seen.has(String(slotId))) return COLLAGE_SLOT_MESSAGES.duplicate(slotId);
    seen.add(String(slotId));
  }
  return undefined;
}

/**
 * Whether a crop lies inside a photo of `size`; a pixel of slack on the far edges, as the browser's
 * crop rounds (react-easy-crop's croppedAreaPixels can reach one past the edge).
 */
export const cropInside = (
  crop: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
): boolean => crop.x + crop.width <= size.width + 1 && crop.y + crop.height <= size.height + 1;
