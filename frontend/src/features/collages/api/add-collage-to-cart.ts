// One collage into the cart (spec 2 §4): the slot photos (uploaded in the background as the slots
// were filled; any not uploaded yet are uploaded now, at once) and the composed collage, then POST
// /api/cart/item with the collage as the line's picture and the slots, with their crops, in
// `customizationData`, and the add-to-cart tracking call. The three validation failures carry the
// spec's sentences (§5).
import {
  collageSize,
  collageSku,
  type CollageSizeId,
  type CollageTemplate,
} from '@printshop/shared-events/rules/collages';
import { addCartItem, type AddCartItemInput } from '@/lib/cart-add';
import type { Area } from '../imaging/geometry';
import { uploadSingleImage } from '@/lib/upload-single-image';

export const COLLAGE_ERRORS = {
  imageMissing: 'Image file is missing',
  blobMissing: 'Collage blob is missing',
  noCollageId: 'Failed to get collage ID from upload response',
  slotUploadFailed: 'Failed to upload a slot image',
} as const;

export interface CollageSlotUpload {
  slotId: number;
  file: Blob | undefined;
  /** Where the slot sits on the template (template pixels). */
  position: Area;
  /** The crop in the photo (its pixels), which the print file is cut by. */
  crop?: Area;
  /** The photo's id once stored: its background upload (undefined if that failed), or a saved id. */
  imageId?: Promise<string | undefined> | string;
}

export interface CollageOrder {
  template: CollageTemplate;
  /** Shown on the cart line; a saved collage brings its own. */
  templateName: string;
  size: CollageSizeId;
  quantity: number;
  slots: readonly CollageSlotUpload[];
  collage: Blob | undefined;
}

/** The cart line of a collage whose pictures are stored (pure). */
export function collageCartItem(
  order: Omit<CollageOrder, 'slots' | 'collage'>,
  collageImageId: string,
  slots: readonly { slotId: number; imageId: string; position: Area; crop?: Area }[],
  eventId?: string,
): AddCartItemInput {
  const size = collageSize(order.size);
  return {
    sku: collageSku(order.template.skuPrefix, size.id),
    quantity: order.quantity,
    croppedImageId: collageImageId,
    ...(eventId && { event_id: eventId }),
    customizationData: {
      templatePath: order.template.templatePath,
      templateName: order.templateName,
      size: size.id,
      sizeName: size.name,
      dimensions: size.dimensions,
      images: slots.map(({ slotId, imageId, position, crop }) => ({
        slotId,
        imageId,
        position,
        ...(crop && { crop: wholePixels(crop) }),
      })),
    },
  };
}

/** A crop in whole pixels inside the photo (the browser's crop can carry fractions). */
const wholePixels = (crop: Area): Area => {
  const x = Math.max(0, Math.round(crop.x));
  const y = Math.max(0, Math.round(crop.y));
  return { x, y, width: Math.max(1, Math.floor(crop.width)), height: Math.max(1, Math.floor(crop.height)) };
};

/** A slot photo's stored id: its background upload's, else uploaded now (the spec's image.jpg). */
export function slotImageId(slot: CollageSlotUpload & { file: Blob }): Promise<string | undefined> {
  const upload = () => uploadSingleImage(slot.file, 'image.jpg');
  if (slot.imageId === undefined) return upload();
  return Promise.resolve(slot.imageId).then((id) => id ?? upload());
}

/** The line added: its SKU, quantity and the collage's image id (for the add-to-cart tracking). */
export interface AddedCollage {
  sku: string;
  quantity: number;
  croppedImageId: string;
}

export async function addCollageToCart(order: CollageOrder, eventId?: string): Promise<AddedCollage> {
  const files = order.slots.map((slot) => {
    if (!slot.file) throw new Error(COLLAGE_ERRORS.imageMissing);
    return { ...slot, file: slot.file };
  });
  const collage = order.collage;
  if (!collage) throw new Error(COLLAGE_ERRORS.blobMissing);
  const ids = await Promise.all([...files.map(slotImageId), uploadSingleImage(collage, 'collage.jpg')]);
  const collageId = ids.pop();
  const slotIds = ids;
  if (!collageId) throw new Error(COLLAGE_ERRORS.noCollageId);
  const slots = order.slots.map((slot, i) => {
    const imageId = slotIds[i];
    if (!imageId) throw new Error(COLLAGE_ERRORS.slotUploadFailed);
    return { slotId: slot.slotId, imageId, position: slot.position, crop: slot.crop };
  });
  const item = collageCartItem(order, collageId, slots, eventId);
  await addCartItem(item);
  return { sku: item.sku, quantity: item.quantity, croppedImageId: collageId };
}
