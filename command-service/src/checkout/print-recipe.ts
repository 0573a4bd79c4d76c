// What the print shop needs of a line's images beyond the cart: the crop chosen in the original
// and the print-quality judgement made at upload (both on the image's ImageUploaded event).
import type { EventStore } from '@printshop/shared-events/event-store';
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
