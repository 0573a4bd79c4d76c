// The state of one template collage page (spec 2 §4): slots and their photos, size and quantity,
// the busy flag of any add or save, and the saved collages (IndexedDB, so they outlive a reload).
// Each slot photo is uploaded as soon as it is placed, so Add to Cart only sends the composite.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import {
  collageSize,
  DEFAULT_COLLAGE_SIZE,
  type CollageSizeId,
  type CollageTemplate,
} from '@printshop/shared-events/rules/collages';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';
import { newEventId } from '@/lib/tracking/track-event';
import { refreshCart } from '@/lib/cart/get-cart';
import { useCurrency } from '@/lib/currency/use-currency';
import { trackAddToCart } from '@/lib/tracking/track-product';
import { useSession } from '@/lib/session/use-session';
import {
  addCollageToCart,
  COLLAGE_ERRORS,
  type AddedCollage,
  type CollageSlotUpload,
} from './api/add-collage-to-cart';
import { uploadSingleImage } from '@/lib/upload-single-image';
import { COLLAGE_MESSAGES } from './collage-copy';
import { orderTotal, parseQuantity } from './collage-order';
import type { CanvasKit } from './imaging/canvas-kit';
import { composeCollage, cropForSlot, previewCollage, type CollageDrawing } from './imaging/collage-imaging';
import type { Area } from './imaging/geometry';
import {
  listSavedCollages,
  removeSavedCollage,
  saveCollage,
  savedCollageId,
  type SavedCollage,
} from './saved/saved-collages-store';
import { showToast } from './show-toast';
import { useTemplateZones } from './use-template-zones';
import { NO_SHAPES } from './zones/slot-shapes';
import type { DetectedZone } from './zones/detect-zones';

export interface SlotPhoto {
  file: Blob;
  crop: Area;
  /** The slot's cropped picture (PNG at twice the slot's size). */
  preview: Blob;
  /**
   * The photo's upload, started when it was placed (a HEIC photo's is the one that converted it);
   * undefined when it failed (retried on add).
   */
  upload: Promise<string | undefined>;
}

/** Starts a slot photo's upload now; a failure is logged and retried when the collage is added. */
function uploadInBackground(file: Blob): Promise<string | undefined> {
  return uploadSingleImage(file, 'image.jpg').catch((error: unknown) => {
    console.warn('A slot photo upload failed; it is retried on add', error);
    return undefined;
  });
}

export type BusyWith = 'crop' | 'add' | 'save' | 'add-all' | null;

const positionOf = (zone: DetectedZone): Area => ({
  x: zone.x,
  y: zone.y,
  width: zone.width,
  height: zone.height,
});

export function useCollageBuilder(kit: CanvasKit, template: CollageTemplate, initialSize?: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currency, rates } = useCurrency();
  const { user } = useSession();
  const analysed = useTemplateZones(kit, template);
  const zones = useMemo(() => analysed?.zones ?? [], [analysed]);
  const [photos, setPhotos] = useState<ReadonlyMap<number, SlotPhoto>>(new Map());
  const [size, setSize] = useState<CollageSizeId>(() => collageSize(initialSize ?? DEFAULT_COLLAGE_SIZE).id);
  const [quantityText, setQuantityText] = useState('1');
  const [busy, setBusy] = useState<BusyWith>(null);
  const [saved, setSaved] = useState<SavedCollage[]>([]);
  // A second click while an add is starting must not start another (state updates are not instant).
  const busyRef = useRef<BusyWith>(null);

  const quantity = parseQuantity(quantityText);
  const total = orderTotal(size, quantity);
  const filled = zones.filter((zone) => photos.has(zone.id)).length;
  const loading = analysed === null;
  const complete = !loading && zones.length > 0 && filled === zones.length;

  const reloadSaved = useCallback(async () => {
    try {
      setSaved(await listSavedCollages(template.id));
    } catch (error) {
      console.warn('Saved collages could not be read', error);
      setSaved([]);
    }
  }, [template.id]);

  useEffect(() => {
    void reloadSaved();
  }, [reloadSaved]);

  /** Runs one busy task at a time; the flag is cleared whether it succeeds or fails (spec 2 §4). */
  const runBusy = useCallback(async (what: Exclude<BusyWith, null>, task: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = what;
    setBusy(what);
    try {
      await task();
    } finally {
      busyRef.current = null;
      setBusy(null);
    }
  }, []);

  /** Places a cropped photo; `storedId`: the photo is already stored (a converted HEIC photo). */
  const setPhoto = useCallback(
    (zoneId: number, file: Blob, crop: Area, storedId?: string) =>
      runBusy('crop', async () => {
        const zone = zones.find((z) => z.id === zoneId);
        if (!zone) return;
        try {
          const upload = storedId ? Promise.resolve(storedId) : uploadInBackground(file);
          const preview = await cropForSlot(kit, file, crop, zone);
          setPhotos((current) => new Map(current).set(zoneId, { file, crop, preview, upload }));
        } catch (error) {
          console.warn('Crop failed', error);
          showToast(COLLAGE_MESSAGES.cropFailed, 'error');
        }
      }),
    [kit, runBusy, zones],
  );

  const removePhoto = useCallback((zoneId: number) => {
    setPhotos((current) => {
      const next = new Map(current);
      next.delete(zoneId);
      return next;
    });
  }, []);

  const drawing = useCallback((): CollageDrawing => {
    if (!analysed) throw new Error('The template is still being analysed');
    return {
      builder: template.builder,
      templatePath: template.templatePath,
      maskPath: template.maskPath,
      sourceWidth: analysed.width,
      sourceHeight: analysed.height,
      slots: zones.flatMap((zone) => {
        const photo = photos.get(zone.id);
        return photo ? [{ ...positionOf(zone), photo: photo.file, crop: photo.crop }] : [];
      }),
    };
  }, [analysed, photos, template, zones]);

  const slotUploads = useCallback(
    (): CollageSlotUpload[] =>
      zones.map((zone) => {
        const photo = photos.get(zone.id);
        return {
          slotId: zone.id,
          file: photo?.file,
          position: positionOf(zone),
          crop: photo?.crop,
          imageId: photo?.upload,
        };
      }),
    [photos, zones],
  );

  const preview = useCallback(() => previewCollage(kit, drawing()), [kit, drawing]);

  // Once every slot is filled the collage is composed in the background, so Add to Cart finds it
  // made (composing a 4800 px mask build takes seconds on a slow machine); any change recomposes.
  const composed = useRef<{ photos: ReadonlyMap<number, SlotPhoto>; blob: Promise<Blob> } | null>(null);
  useEffect(() => {
    if (!complete) return;
    const blob = composeCollage(kit, drawing());
    blob.catch(() => undefined); // made again, with its error shown, on add
    composed.current = { photos, blob };
  }, [complete, drawing, kit, photos]);

  /** The composite of the slots as they are: the one made in the background, else made now. */
  const composite = useCallback(() => {
    const made = composed.current;
    const fresh = () => composeCollage(kit, drawing());
    return made?.photos === photos ? made.blob.catch(fresh) : fresh();
  }, [drawing, kit, photos]);

  /** The add-to-cart tracking call of every product page (fire and forget, same event id as the add). */
  const track = useCallback(
    (added: AddedCollage, sizeId: CollageSizeId, eventId: string) =>
      void trackAddToCart(
        {
          ...added,
          name: template.name,
          price: toMajor(convertFromUsd(collageSize(sizeId).priceUsdCents, currency, rates), currency),
          currency,
        },
        eventId,
        user,
      ),
    [currency, rates, template.name, user],
  );

  /** Empties the editor before leaving for the cart, so the unsaved-photos guard lets it go. */
  const leaveForCart = useCallback(() => {
    flushSync(() => setPhotos(new Map()));
    void navigate('/cart');
  }, [navigate]);

  // An add of this collage as it stands: pressed again (after an error whose add may have landed all
  // the same) it is the same request, which the server adds once; other photos, crops, size or
  // quantity make it another. `photos` is replaced on every change to a slot, so it keys the rest.
  const addRequests = useRef(new WeakMap<object, Map<string, string>>());
  const addRequestId = useCallback(() => {
    const forPhotos = addRequests.current.get(photos) ?? new Map<string, string>();
    addRequests.current.set(photos, forPhotos);
    const key = `${size}:${quantity}`;
    const id = forPhotos.get(key) ?? newEventId();
    forPhotos.set(key, id);
    return id;
  }, [photos, size, quantity]);

  const addToCart = useCallback(
    () =>
      runBusy('add', async () => {
        try {
          const slots = slotUploads();
          // Checked before the (slow) composition too.
          if (slots.some((slot) => !slot.file)) throw new Error(COLLAGE_ERRORS.imageMissing);
          const collage = await composite();
          const eventId = addRequestId();
          const order = { template, templateName: template.name, size, quantity, slots, collage };
          track(await addCollageToCart(order, eventId), size, eventId);
          showToast(COLLAGE_MESSAGES.added, 'success');
          await refreshCart(queryClient);
          leaveForCart();
        } catch (error) {
          console.warn('Adding the collage failed', error);
          showToast(COLLAGE_MESSAGES.addFailed, 'error');
        }
      }),
    [
      addRequestId,
      composite,
      leaveForCart,
      quantity,
      queryClient,
      runBusy,
      size,
      slotUploads,
      template,
      track,
    ],
  );

  const resetEditor = useCallback(() => {
    setPhotos(new Map());
    setSize(DEFAULT_COLLAGE_SIZE);
    setQuantityText('1');
  }, []);

  const saveAndCreateAnother = useCallback(
    () =>
      runBusy('save', async () => {
        try {
          const current = drawing();
          const [collageBlob, previewBlob] = await Promise.all([composite(), previewCollage(kit, current)]);
          const now = Date.now();
          await saveCollage({
            id: savedCollageId(now),
            templateId: template.id,
            templateName: template.name,
            size,
            quantity,
            savedAt: now,
            collageBlob,
            preview: previewBlob,
            // Kept without the upload promise (IndexedDB clones data only): its id, once known.
            slots: await Promise.all(
              slotUploads().flatMap(({ imageId, ...slot }) =>
                slot.file
                  ? [Promise.resolve(imageId).then((id) => ({ ...slot, file: slot.file!, imageId: id }))]
                  : [],
              ),
            ),
          });
          // The list shows the new collage as the editor empties.
          await reloadSaved();
          resetEditor();
          showToast(COLLAGE_MESSAGES.saved, 'success');
        } catch (error) {
          console.warn('Saving the collage failed', error);
          showToast(COLLAGE_MESSAGES.saveFailed, 'error');
        }
      }),
    [composite, drawing, kit, quantity, reloadSaved, resetEditor, runBusy, size, slotUploads, template],
  );

  const removeSaved = useCallback(
    async (id: string) => {
      try {
        await removeSavedCollage(id);
      } finally {
        await reloadSaved();
      }
    },
    [reloadSaved],
  );

  /** Collage by collage; each one added leaves the saved list, so a failure keeps only the rest. */
  const addAllToCart = useCallback(
    () =>
      runBusy('add-all', async () => {
        const list = await listSavedCollages(template.id).catch(() => saved);
        if (list.length === 0) return;
        try {
          for (const collage of list) {
            // One request per saved collage: a try again after a failure cannot add it twice.
            const eventId = `saved-collage:${collage.id}`;
            const added = await addCollageToCart(
              {
                template,
                templateName: collage.templateName,
                size: collage.size,
                quantity: collage.quantity,
                slots: collage.slots,
                collage: collage.collageBlob,
              },
              eventId,
            );
            track(added, collage.size, eventId);
            await removeSavedCollage(collage.id);
          }
          showToast(COLLAGE_MESSAGES.addedAll(list.length), 'success');
          await refreshCart(queryClient);
          leaveForCart();
        } catch (error) {
          console.warn('Adding the saved collages failed', error);
          showToast(COLLAGE_MESSAGES.addAllFailed, 'error');
          await refreshCart(queryClient);
        } finally {
          await reloadSaved();
        }
      }),
    [leaveForCart, queryClient, reloadSaved, runBusy, saved, template, track],
  );

  return {
    loading,
    zones,
    sourceSize: analysed ? { width: analysed.width, height: analysed.height } : null,
    shapes: analysed?.shapes ?? NO_SHAPES,
    photos,
    filled,
    complete,
    busy,
    size,
    setSize: (id: string) => setSize(collageSize(id).id),
    quantityText,
    setQuantityText,
    quantity,
    total,
    saved,
    setPhoto,
    removePhoto,
    clearPhotos: () => setPhotos(new Map()),
    preview,
    addToCart,
    saveAndCreateAnother,
    removeSaved,
    addAllToCart,
  };
}

export type CollageBuilder = ReturnType<typeof useCollageBuilder>;
