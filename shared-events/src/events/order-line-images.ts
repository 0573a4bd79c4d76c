// Every image an order (or checkout) line prints from, in one place: what the order holds against
// deletion and retention, and what its print files are made of. A single print or poster prints its
// cropped image (cut from its raw one); a photo strip its composite and each frame; a collage its
// composite and each slot photo.
import type { OrderLine } from './checkout';

/** The photos placed into a line's slots (strip frames, collage slots), in the line's order. */
export function slotPhotosOf(line: OrderLine): Array<{ imageId: string; slot: string | number }> {
  const photos: Array<{ imageId: string; slot: string | number }> = [];
  for (const frame of line.images ?? []) photos.push({ imageId: frame.imageId, slot: frame.slot });
  // A collage's recipe is kept as the cart accepted it; read it defensively.
  const collage = line.customizationData?.images;
  if (Array.isArray(collage)) {
    for (const [index, slot] of (collage as Array<{ imageId?: unknown; slotId?: unknown }>).entries()) {
      if (typeof slot?.imageId !== 'string') continue;
      const slotId = typeof slot.slotId === 'string' || typeof slot.slotId === 'number' ? slot.slotId : index;
      photos.push({ imageId: slot.imageId, slot: slotId });
    }
  }
  return photos;
}

/** Every image id a line references, each once: cropped (the print), raw, and the slot photos. */
export function imagesOfLine(line: OrderLine): string[] {
  const ids = new Set<string>([line.croppedImageId]);
  if (line.rawImageId) ids.add(line.rawImageId);
  for (const photo of slotPhotosOf(line)) ids.add(photo.imageId);
  // The originals the slots are cut from (a strip's frames are cropped copies of them).
  for (const slot of line.slots ?? []) ids.add(slot.imageId);
  return [...ids];
}

/** Every image id of some lines, each once. */
export const imagesOfLines = (lines: readonly OrderLine[]): string[] => [
  ...new Set(lines.flatMap(imagesOfLine)),
];
