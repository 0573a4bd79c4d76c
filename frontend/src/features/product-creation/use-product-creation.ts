// Everything an upload-and-crop page does (spec 2 §4): the uploads list, single and batch crop with
// the upload of each crop, and the sequential add to cart with its toast and banner. Pages lay the
// pieces out; this hook holds the state and the rules.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import {
  applyQuantityDiscount,
  nextBand,
  type DiscountScheme,
} from '@printshop/shared-events/rules/discounts';
import { UPLOAD_MESSAGES, uploadFailedMessage, type CropArea } from '@printshop/shared-events/rules/uploads';
import { ApiError } from '../../lib/api-client';
import { newEventId } from '../../lib/tracking/track-event';
import { useCurrency } from '../currency/use-currency';
import { useSession } from '../session/use-session';
import { failureMessage } from '../../lib/server-message';
import { CART_MESSAGES } from '../cart/cart-messages';
import { addImageToCart, addStripToCart } from './api/add-to-cart';
import { trackAddToCart } from './api/track-product';
import { deleteImage, uploadCroppedImage, uploadSingleImage } from './api/upload-cropped-image';
import { browserImageTools, type ImageTools } from './image-tools';
import { photosMissing, stripGroups, stripPixelSize } from './strips';
import { allCropped, readyForCart, uncroppedCount, type UploadItem } from './upload-list-state';
import { useUploadList } from './use-upload-list';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';

/** Spec 2 §9: the success toast stays 3000 ms. */
export const SUCCESS_TOAST_MS = 3000;

export interface BatchState {
  queue: readonly string[];
  index: number;
}

export interface ProductCreationOptions {
  product: Product;
  scheme: DiscountScheme;
  /** Called after cart writes (the header's badge reloads). */
  onCartChanged?: () => void;
  imageTools?: ImageTools;
}

const messageOf = (error: unknown): string | undefined =>
  error instanceof Error && error.message ? error.message : undefined;

/** Spec 1 §8's add-to-cart sentences, the server's own message preferred; never the client's "Status 200". */
const addFailure = (error: unknown): string =>
  failureMessage(error, CART_MESSAGES.addFailed, CART_MESSAGES.addError);

export function useProductCreation({
  product,
  scheme,
  onCartChanged,
  imageTools = browserImageTools,
}: ProductCreationOptions) {
  const [error, setError] = useState<string | null>(null);
  const { state, addFiles, dispatch } = useUploadList(setError);
  const { currency } = useCurrency();
  const { user } = useSession();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [batch, setBatch] = useState<BatchState | null>(null);
  const [cropBusy, setCropBusy] = useState(false);
  /** The crop guide shows until the first image is chosen for cropping (spec 2 §2). */
  const [cropOpened, setCropOpened] = useState(false);
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [pendingPoor, setPendingPoor] = useState<number>(0);
  const items = state.items;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const slots = product.slots && product.slots > 1 ? product.slots : 1;

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const busy = cropBusy || adding || items.some((item) => item.uploading);

  const chooseFiles = useCallback(
    async (files: Iterable<File>) => {
      const { rejected, tooLarge } = await addFiles(files);
      const messages = tooLarge.map(UPLOAD_MESSAGES.fileTooLarge);
      if (rejected > 0) messages.unshift(UPLOAD_MESSAGES.filesRejected(rejected));
      if (messages.length > 0) setError(messages.join(' '));
    },
    [addFiles],
  );

  // --- Crop: one image at a time, the others locked.
  const startCrop = useCallback(
    (id: string) => {
      if (activeId || cropBusy || adding) return;
      if (itemsRef.current.find((item) => item.id === id)?.converting) return;
      setCropOpened(true);
      setActiveId(id);
    },
    [activeId, cropBusy, adding],
  );

  const startBatch = useCallback(() => {
    if (activeId || cropBusy || adding) return;
    const queue = itemsRef.current
      .filter((item) => !item.cropped && !item.uploading && !item.converting)
      .map((item) => item.id);
    if (queue.length === 0) return;
    setCropOpened(true);
    setBatch({ queue, index: 0 });
    setActiveId(queue[0]!);
  }, [activeId, cropBusy, adding]);

  const batchRef = useRef(batch);
  batchRef.current = batch;

  /** After a crop or a cancel: the next image of the batch still in the list, or the end. */
  const advance = useCallback(() => {
    const current = batchRef.current;
    let index = current ? current.index + 1 : 0;
    while (
      current &&
      index < current.queue.length &&
      !itemsRef.current.some((i) => i.id === current.queue[index])
    )
      index += 1;
    if (!current || index >= current.queue.length) {
      setBatch(null);
      setActiveId(null);
      return;
    }
    setBatch({ ...current, index });
    setActiveId(current.queue[index]!);
  }, []);

  const cancelCrop = useCallback(() => {
    if (cropBusy) return;
    advance();
  }, [advance, cropBusy]);

  const exitBatch = useCallback(() => {
    if (cropBusy) return;
    setBatch(null);
    setActiveId(null);
  }, [cropBusy]);

  const applyCrop = useCallback(
    async (area: CropArea | null) => {
      const item = itemsRef.current.find((i) => i.id === activeId);
      if (cropBusy) return;
      if (!item) {
        setError(UPLOAD_MESSAGES.imageDataMissing);
        advance();
        return;
      }
      setCropBusy(true);
      let croppedSrc: string | null = null;
      try {
        const cropped = await imageTools.cropToJpeg(item.src, area, item.file.name);
        croppedSrc = URL.createObjectURL(cropped);
        dispatch({ type: 'crop-started', id: item.id, croppedSrc, area: area! });
        const uploaded = await uploadCroppedImage({
          file: item.file,
          cropped,
          crop: area!,
          sku: product.sku,
        });
        dispatch({ type: 'crop-uploaded', id: item.id, ...uploaded });
      } catch (caught) {
        if (croppedSrc) URL.revokeObjectURL(croppedSrc);
        dispatch({ type: 'crop-failed', id: item.id });
        setError(
          uploadFailedMessage(item.file.name, {
            message: messageOf(caught),
            status: caught instanceof ApiError ? caught.status : undefined,
          }),
        );
      } finally {
        setCropBusy(false);
        advance();
      }
    },
    [activeId, advance, cropBusy, dispatch, imageTools, product.sku],
  );

  // --- Deleting: stored images of a removed item are deleted too (they are in no cart).
  const remove = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      for (const item of itemsRef.current) {
        if (!ids.includes(item.id)) continue;
        if (item.rawImageId) void deleteImage(item.rawImageId);
        if (item.croppedImageId) void deleteImage(item.croppedImageId);
      }
      dispatch({ type: 'remove', ids });
    },
    [dispatch],
  );

  // --- Add to cart.
  const unitMinor = convertFromUsd(product.basePriceUsdCents, currency);

  // Order summary (spec 2 §9): one line per image, or per full strip; the band from the total quantity.
  const lines =
    slots > 1
      ? stripGroups(items, slots).map(() => ({ quantity: 1, unitPrice: unitMinor }))
      : items.map((item) => ({ quantity: item.quantity, unitPrice: unitMinor }));
  const summary = applyQuantityDiscount(scheme, lines);
  const nudge = nextBand(scheme, summary.totalQuantity);
  const missingPhotos = slots > 1 ? photosMissing(items.length, slots) : 0;
  const canAdd = !busy && allCropped(items) && missingPhotos === 0;

  const addReadyToCart = useCallback(async () => {
    const ready = readyForCart(itemsRef.current);
    setAdding(true);
    setError(null);
    let added = 0;
    let firstFailure: string | null = null;
    const track = (
      line: { quantity: number; croppedImageId: string; rawImageId?: string },
      eventId: string,
    ) =>
      void trackAddToCart(
        { sku: product.sku, name: product.name, price: toMajor(unitMinor, currency), currency, ...line },
        eventId,
        user,
      );
    try {
      if (slots > 1) {
        // One strip line per full group of photos, in list order, frames top to bottom.
        for (const group of stripGroups(ready, slots)) {
          const eventId = newEventId();
          try {
            const strip = await imageTools.composeStrip(
              group.map((item) => item.croppedSrc ?? item.src),
              stripPixelSize(product.printSize),
            );
            const croppedImageId = await uploadSingleImage(strip, `strip_${group[0]!.file.name}.jpg`);
            const images = group.map((item, slot) => ({ imageId: item.croppedImageId!, slot }));
            await addStripToCart({
              sku: product.sku,
              quantity: 1,
              croppedImageId,
              images,
              event_id: eventId,
            });
            added += 1;
            track({ quantity: 1, croppedImageId }, eventId);
          } catch (caught) {
            firstFailure ??= addFailure(caught);
          }
        }
      } else {
        // One call per image, in turn; a failure does not stop the others (spec 2 §4).
        for (const item of ready) {
          const eventId = newEventId();
          const line = {
            quantity: item.quantity,
            rawImageId: item.rawImageId!,
            croppedImageId: item.croppedImageId!,
          };
          try {
            await addImageToCart({ sku: product.sku, ...line, event_id: eventId });
            added += 1;
            track(line, eventId);
          } catch (caught) {
            firstFailure ??= addFailure(caught);
          }
        }
      }
    } finally {
      setAdding(false);
    }
    if (firstFailure) setError(firstFailure);
    if (added > 0) {
      setToast(`${added} ${added === 1 ? product.unit : `${product.unit}s`} added to cart!`);
      dispatch({ type: 'clear' });
    }
    onCartChanged?.();
  }, [currency, dispatch, imageTools, onCartChanged, product, slots, unitMinor, user]);

  /** Add to Cart: refused while anything is busy or uncropped; poor prints ask first (spec 2 §5, §9). */
  const addToCart = useCallback(() => {
    const current = itemsRef.current;
    if (busy) return;
    const ready = readyForCart(current);
    if (ready.length === 0) {
      setError(UPLOAD_MESSAGES.noValidImages);
      return;
    }
    if (uncroppedCount(current) > 0 || (slots > 1 && photosMissing(current.length, slots) > 0)) return;
    const poor = ready.filter((item) => item.print?.quality === 'poor').length;
    if (poor > 0) {
      setPendingPoor(poor);
      return;
    }
    void addReadyToCart();
  }, [addReadyToCart, busy, slots]);

  const confirmPoor = useCallback(() => {
    setPendingPoor(0);
    void addReadyToCart();
  }, [addReadyToCart]);

  const activeItem: UploadItem | undefined = useMemo(
    () => items.find((item) => item.id === activeId),
    [items, activeId],
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
    clear: () => dispatch({ type: 'clear' }),
    // crop
    activeItem,
    batch,
    cropBusy,
    cropOpened,
    startCrop,
    startBatch,
    cancelCrop,
    exitBatch,
    applyCrop,
    // cart
    busy,
    adding,
    addToCart,
    pendingPoor,
    confirmPoor,
    cancelPoor: () => setPendingPoor(0),
    unitMinor,
    currency,
    summary,
    nudge,
    missingPhotos,
    canAdd,
    uncropped: uncroppedCount(items),
    // messages
    error,
    dismissError: () => setError(null),
    toast,
  };
}

export type ProductCreation = ReturnType<typeof useProductCreation>;
