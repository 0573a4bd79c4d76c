// One collage into the cart (spec 2 §4): every slot photo uploaded at once, then the composed
// collage, then POST /api/cart/item with the collage as the line's picture and the slots in
// `customizationData`. The three validation failures carry the spec's sentences (§5).
import {
  collageSize,
  collageSku,
  type CollageSizeId,
  type CollageTemplate,
} from '@printshop/shared-events/rules/collages';
import { addCartItem, type AddCartItemInput } from '../../cart/api/change-cart';
import type { Area } from '../imaging/geometry';
import { uploadSingleImage } from './upload-image';

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
  slots: readonly { slotId: number; imageId: string; position: Area }[],
): AddCartItemInput {
  const size = collageSize(order.size);
  return {
    sku: collageSku(order.template.skuPrefix, size.id),
    quantity: order.quantity,
    croppedImageId: collageImageId,
    customizationData: {
      templatePath: order.template.templatePath,
      templateName: order.templateName,
      size: size.id,
      sizeName: size.name,
      dimensions: size.dimensions,
      images: slots.map(({ slotId, imageId, position }) => ({ slotId, imageId, position })),
    },
  };
}

export async function addCollageToCart(order: CollageOrder): Promise<void> {
  const files = order.slots.map((slot) => {
    if (!slot.file) throw new Error(COLLAGE_ERRORS.imageMissing);
    return slot.file;
  });
  const collage = order.collage;
  if (!collage) throw new Error(COLLAGE_ERRORS.blobMissing);
  const slotIds = await Promise.all(files.map((file) => uploadSingleImage(file, 'image.jpg')));
  const collageId = await uploadSingleImage(collage, 'collage.jpg');
  if (!collageId) throw new Error(COLLAGE_ERRORS.noCollageId);
  const slots = order.slots.map((slot, i) => {
    const imageId = slotIds[i];
    if (!imageId) throw new Error(COLLAGE_ERRORS.slotUploadFailed);
    return { slotId: slot.slotId, imageId, position: slot.position };
  });
  await addCartItem(collageCartItem(order, collageId, slots));
}
