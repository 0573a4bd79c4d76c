// Adding (spec 2 §4 "Poster add to cart", §9): the order summary of the list, and Add to
// Cart: it waits for the crops still uploading (saying so), never re-uploads a done one, asks before
// poor prints, then adds line by line. The photos added leave the list; those that failed stay,
// named in the banner with the first failure's message.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import {
  applyQuantityDiscount,
  nextBand,
  type DiscountScheme,
} from '@printshop/shared-events/rules/discounts';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';
import { UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { failureMessage } from '@/lib/server-message';
import { CART_MESSAGES } from '@/lib/cart/cart-messages';
import { useCurrency } from '@/lib/currency/use-currency';
import { useSession } from '@/lib/session/use-session';
import { addCartItem, addStripToCart } from '@/lib/cart-add';
import { trackAddToCart } from '@/lib/tracking/track-product';
import { uploadImage } from './api/upload-cropped-image';
import type { ImageTools } from './image-tools';
import { photosMissing, stripGroups, stripPreview } from './strips';
import {
  readyForCart,
  uncroppedCount,
  uploadingCount,
  type UploadItem,
  type UploadListAction,
} from './upload-list-state';
import { requestIdOf } from './request-id';

/** Spec 2 §9: the success toast stays 3000 ms. */
export const SUCCESS_TOAST_MS = 3000;

/** Spec 1 §8's add-to-cart sentences, the server's own message preferred; never the client's "Status 200". */
const addFailure = (error: unknown): string =>
  failureMessage(error, CART_MESSAGES.addFailed, CART_MESSAGES.addError);

/** The banner when some lines failed: the first failure's message, then the photos still listed. */
export const notAddedMessage = (first: string, names: readonly string[]): string =>
  `${first} Not added, still in your list: ${names.join(', ')}.`;

export const waitingForUploads = (count: number): string =>
  `Waiting for ${count} upload${count === 1 ? '' : 's'}…`;

export interface AddingOptions {
  product: Product;
  scheme: DiscountScheme;
  slots: number;
  items: readonly UploadItem[];
  dispatch: (action: UploadListAction) => void;
  setError: (message: string | null) => void;
  imageTools: ImageTools;
  /** Called after cart writes (the header's badge reloads). */
  onCartChanged?: () => void;
}

export function useAdding({
  product,
  scheme,
  slots,
  items,
  dispatch,
  setError,
  imageTools,
  onCartChanged,
}: AddingOptions) {
  const { currency, rates } = useCurrency();
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  /** Add to Cart was pressed while crops were still uploading. */
  const [waiting, setWaiting] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [pendingPoor, setPendingPoor] = useState<number>(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const busy = adding || waiting;
  const unitMinor = convertFromUsd(product.basePriceUsdCents, currency, rates);

  // Order summary (spec 2 §9): one line per image, or per full strip; the band from the total quantity.
  const lines =
    slots > 1
      ? stripGroups(items, slots).map(() => ({ quantity: 1, unitPrice: unitMinor }))
      : items.map((item) => ({ quantity: item.quantity, unitPrice: unitMinor }));
  const summary = applyQuantityDiscount(scheme, lines);
  const nudge = nextBand(scheme, summary.totalQuantity);
  const missingPhotos = slots > 1 ? photosMissing(items.length, slots) : 0;
  const uploads = uploadingCount(items);
  // Framed and uploading is enough: the add waits for those uploads.
  const canAdd = !busy && items.length > 0 && uncroppedCount(items) === 0 && missingPhotos === 0;

  const addReadyToCart = useCallback(async () => {
    const ready = readyForCart(itemsRef.current);
    setAdding(true);
    setError(null);
    const added: string[] = [];
    const failed: string[] = [];
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
          const eventId = requestIdOf('strip', ...group.map((item) => item.croppedImageId!));
          try {
            const strip = await imageTools.composeStrip(
              group.map((item) => item.croppedSrc ?? item.src),
              stripPreview(product, group.length),
            );
            const croppedImageId = await uploadImage(strip, `strip_${group[0]!.file.name}.jpg`);
            const images = group.map((item, slot) => ({ imageId: item.croppedImageId!, slot }));
            await addStripToCart({
              sku: product.sku,
              quantity: 1,
              croppedImageId,
              images,
              event_id: eventId,
            });
            added.push(...group.map((item) => item.id));
            track({ quantity: 1, croppedImageId }, eventId);
          } catch (caught) {
            firstFailure ??= addFailure(caught);
            failed.push(...group.map((item) => item.file.name));
          }
        }
      } else {
        // One call per image, in turn; a failure does not stop the others (spec 2 §4).
        for (const item of ready) {
          const eventId = requestIdOf('add', item.id, item.quantity, item.croppedImageId!);
          const line = {
            quantity: item.quantity,
            rawImageId: item.rawImageId!,
            croppedImageId: item.croppedImageId!,
          };
          try {
            await addCartItem({ sku: product.sku, ...line, event_id: eventId });
            added.push(item.id);
            track(line, eventId);
          } catch (caught) {
            firstFailure ??= addFailure(caught);
            failed.push(item.file.name);
          }
        }
      }
    } finally {
      setAdding(false);
    }
    if (firstFailure) setError(added.length > 0 ? notAddedMessage(firstFailure, failed) : firstFailure);
    if (added.length > 0) {
      const count = slots > 1 ? added.length / slots : added.length;
      setToast(`${count} ${count === 1 ? product.unit : `${product.unit}s`} added to cart!`);
      // Only the lines now in the cart leave; their stored images stay (the cart uses them).
      dispatch(failed.length > 0 ? { type: 'remove', ids: added } : { type: 'clear' });
    }
    onCartChanged?.();
  }, [currency, dispatch, imageTools, onCartChanged, product, setError, slots, unitMinor, user]);

  /** The checks before adding, on the list as it is now (after any wait for uploads). */
  const proceed = useCallback(() => {
    const current = itemsRef.current;
    // An upload that failed meanwhile put its photo back to uncropped, with its banner.
    if (uncroppedCount(current) > 0 || (slots > 1 && photosMissing(current.length, slots) > 0)) return;
    const ready = readyForCart(current);
    if (ready.length === 0) {
      setError(UPLOAD_MESSAGES.noValidImages);
      return;
    }
    const poor = ready.filter((item) => item.print?.quality === 'poor').length;
    if (poor > 0) {
      setPendingPoor(poor);
      return;
    }
    void addReadyToCart();
  }, [addReadyToCart, setError, slots]);

  // Waiting for uploads ends when none is left; then the add goes on with what uploaded.
  useEffect(() => {
    if (!waiting || uploads > 0) return;
    setWaiting(false);
    proceed();
  }, [waiting, uploads, proceed]);

  /** Add to Cart: refused while busy or while a photo is unframed; waits for running uploads. */
  const addToCart = useCallback(() => {
    if (busy) return;
    const current = itemsRef.current;
    if (current.length === 0) {
      setError(UPLOAD_MESSAGES.noValidImages);
      return;
    }
    if (uncroppedCount(current) > 0 || (slots > 1 && photosMissing(current.length, slots) > 0)) return;
    if (uploadingCount(current) > 0) setWaiting(true);
    else proceed();
  }, [busy, proceed, setError, slots]);

  const confirmPoor = useCallback(() => {
    setPendingPoor(0);
    void addReadyToCart();
  }, [addReadyToCart]);

  return {
    busy,
    adding,
    waiting,
    uploads,
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
    toast,
  };
}

export type Adding = ReturnType<typeof useAdding>;
