// What the print shop needs of a line's images beyond the cart: the crop chosen in the original
// and the print-quality judgement made at upload (both on the image's ImageUploaded event).
import type { EventStore } from '@printshop/shared-events/event-store';
import type { CartLineData } from '@printshop/shared-events/events/cart';
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { imageStreamName, type ImageEvent } from '@printshop/shared-events/events/image';

export interface ImageRecipe {
  crop?: { x: number; y: number; width: number; height: number };
  printQuality?: 'good' | 'fair' | 'poor';
}

async function uploaded(store: EventStore, imageId: string) {
  const [event] = await store.readStream<ImageEvent>(imageStreamName(imageId), { maxCount: 1 });
  return event?.type === 'ImageUploaded' ? event.data : undefined;
}

/** The crop and quality of a cropped image, from it or from the original it was cut from. */
export async function imageRecipe(
  store: EventStore,
  croppedImageId: string,
  rawImageId?: string | null,
): Promise<ImageRecipe> {
  const [cropped, raw] = await Promise.all([
    uploaded(store, croppedImageId),
    rawImageId ? uploaded(store, rawImageId) : undefined,
  ]);
  const crop = cropped?.crop ?? raw?.crop;
  const printQuality = cropped?.print?.quality ?? raw?.print?.quality;
  return { ...(crop && { crop }), ...(printQuality && { printQuality }) };
}

type Slots = NonNullable<OrderLine['slots']>;

/** A collage's slots as the cart recorded them: only when every slot carries its crop. */
function collageSlots(line: CartLineData): Slots | undefined {
  const images = line.customizationData?.images;
  if (!Array.isArray(images) || images.length === 0) return undefined;
  const slots: Slots = [];
  type Recorded = {
    slotId?: unknown;
    imageId?: unknown;
    crop?: Slots[number]['crop'];
    position?: Slots[number]['crop'];
  };
  for (const image of images as Recorded[]) {
    const slot = image.slotId;
    if (typeof image.imageId !== 'string' || !image.crop) return undefined;
    if (typeof slot !== 'string' && typeof slot !== 'number') return undefined;
    slots.push({
      slot,
      imageId: image.imageId,
      crop: image.crop,
      ...(image.position && { position: image.position }),
    });
  }
  return slots;
}

/**
 * Where each slot of a strip or collage is cut from: a collage's slots name their original and crop;
 * a strip's frames are cropped uploads, whose upload names the original (paired) and the crop in it.
 * Undefined when any slot lacks its crop: such a line prints from its composite.
 */
export async function slotRecipe(store: EventStore, line: CartLineData): Promise<Slots | undefined> {
  if (line.customizationData) return collageSlots(line);
  if (!line.stripImages?.length) return undefined;
  const frames = await Promise.all(
    line.stripImages.map(async ({ imageId, slot }) => {
      const cropped = await uploaded(store, imageId);
      if (!cropped?.pairedImageId || !cropped.crop) return undefined;
      return { slot, imageId: cropped.pairedImageId, crop: cropped.crop };
    }),
  );
  return frames.every((frame) => frame !== undefined) ? frames : undefined;
}
