// Everything an upload-and-crop page does (spec 2 §4), put together from its three parts: the
// uploads list (use-upload-list.ts), framing each photo with its background upload (use-framing.ts)
// and adding to the cart (use-adding.ts). They share the one red banner. Pages lay the pieces out.
import { useCallback, useRef, useState } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import type { DiscountScheme } from '@printshop/shared-events/rules/discounts';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { deleteImage } from './api/upload-cropped-image';
import { browserImageTools, type ImageTools } from './image-tools';
import { uncroppedCount } from './upload-list-state';
import { useAdding } from './use-adding';
import { useFraming } from './use-framing';
import { useUploadList } from './use-upload-list';

export { SUCCESS_TOAST_MS } from './use-adding';
export type { BatchState } from './use-framing';

export interface ProductCreationOptions {
  product: Product;
  scheme: DiscountScheme;
  /** Called after cart writes (the header's badge reloads). */
  onCartChanged?: () => void;
  imageTools?: ImageTools;
}

export function useProductCreation({
  product,
  scheme,
  onCartChanged,
  imageTools = browserImageTools,
}: ProductCreationOptions) {
  const [error, setError] = useState<string | null>(null);
  const { state, addFiles, dispatch } = useUploadList(setError);
  const items = state.items;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const slots = product.slots && product.slots > 1 ? product.slots : 1;
  // Framing must not start while the cart is written; the adding part is made after it.
  const addingRef = useRef(false);
  const isAdding = useCallback(() => addingRef.current, []);

  const framing = useFraming({
    items,
    dispatch,
    onError: setError,
    imageTools,
    sku: product.sku,
    aspect: product.cropAspectRatio,
    // A strip's frames are composed side by side in one orientation.
    rotatable: slots === 1,
    isAdding,
  });
  const adding = useAdding({
    product,
    scheme,
    slots,
    items,
    dispatch,
    setError,
    imageTools,
    onCartChanged,
  });
  addingRef.current = adding.busy;

  const chooseFiles = useCallback(
    async (files: Iterable<File>) => {
      const { rejected, tooLarge } = await addFiles(files);
      const messages = tooLarge.map(UPLOAD_MESSAGES.fileTooLarge);
      if (rejected.length > 0) messages.unshift(UPLOAD_MESSAGES.filesRejected(rejected));
      if (messages.length > 0) setError(messages.join(' '));
    },
    [addFiles],
  );

  // --- Deleting: stored images of a removed item are deleted too (they are in no cart).
  const { forget } = framing;
  const remove = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      forget(ids);
      for (const item of itemsRef.current) {
        if (!ids.includes(item.id)) continue;
        if (item.rawImageId) void deleteImage(item.rawImageId);
        if (item.croppedImageId) void deleteImage(item.croppedImageId);
      }
      dispatch({ type: 'remove', ids });
    },
    [dispatch, forget],
  );

  return {
    product,
    scheme,
    slots,
    state,
    items,
    dispatch,
    chooseFiles,
    remove,
    clear: () => {
      forget(itemsRef.current.map((item) => item.id));
      dispatch({ type: 'clear' });
    },
    ...framing,
    ...adding,
    uncropped: uncroppedCount(items),
    // messages
    error,
    dismissError: () => setError(null),
  };
}

export type ProductCreation = ReturnType<typeof useProductCreation>;
