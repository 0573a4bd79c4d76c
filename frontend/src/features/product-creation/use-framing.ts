// Framing (spec 2 §4 "Single crop", "Batch crop mode"): one photo in the crop tool at a
// time, alone or walking the batch queue. Apply Crop checks the frame, hands the cut and the upload
// to the background queue (upload-queue.ts) and shows the next photo at once; the list shows each
// photo's progress, and a failed upload returns its photo to uncropped with spec 2 §8's banner.
// "Use centred crops for the rest" frames every photo left in the batch, centred, in one action.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UPLOAD_MESSAGES, uploadFailedMessage, type CropArea } from '@printshop/shared-events/rules/uploads';
import { ApiError } from '@/lib/api-client';
import { deleteImage, uploadCroppedImage } from './api/upload-cropped-image';
import { centredCrop } from './centred-crop';
import { checkCropInput, type ImageTools } from './image-tools';
import { createUploadQueue, type UploadPhase } from './upload-queue';
import type { UploadItem, UploadListAction } from './upload-list-state';
import { serverMessageOr } from '@/lib/server-message';

export interface BatchState {
  queue: readonly string[];
  index: number;
}

export interface FramingOptions {
  items: readonly UploadItem[];
  dispatch: (action: UploadListAction) => void;
  onError: (message: string) => void;
  imageTools: ImageTools;
  sku: string;
  /** The product's crop ratio (width / height). */
  aspect: number;
  /** False where the frame's orientation is fixed (a strip's frames). */
  rotatable: boolean;
  /** True while the cart is being written: no crop starts then. */
  isAdding: () => boolean;
}

const messageOf = (error: unknown): string | undefined =>
  error instanceof Error && error.message ? error.message : undefined;

const failureOf = (name: string, error: unknown) =>
  uploadFailedMessage(name, {
    message: messageOf(error),
    status: error instanceof ApiError ? error.status : undefined,
    serverMessage: serverMessageOr(error, '') || undefined,
  });

export function useFraming({
  items,
  dispatch,
  onError,
  imageTools,
  sku,
  aspect,
  rotatable,
  isAdding,
}: FramingOptions) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [batch, setBatch] = useState<BatchState | null>(null);
  /** The crop guide shows until the first image is chosen for cropping (spec 2 §2). */
  const [cropOpened, setCropOpened] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const batchRef = useRef(batch);
  batchRef.current = batch;
  // The latest callbacks for the queue, which outlives renders.
  const latest = useRef({ dispatch, onError });
  latest.current = { dispatch, onError };
  // Files of queued photos by id, for the failure banner (the item may be gone by then).
  const names = useRef(new Map<string, string>());

  const [queue] = useState(() =>
    createUploadQueue((id: string, phase: UploadPhase) => {
      const { dispatch: act, onError: fail } = latest.current;
      if (phase.state === 'uploading') act({ type: 'upload-progress', id, percent: phase.percent });
      if (phase.state === 'failed') {
        act({ type: 'crop-failed', id });
        fail(failureOf(names.current.get(id) ?? id, phase.error));
      }
      if (phase.state === 'done' || phase.state === 'failed') names.current.delete(id);
    }),
  );
  useEffect(() => () => itemsRef.current.forEach((item) => queue.drop(item.id)), [queue]);

  const startCrop = useCallback(
    (id: string) => {
      if (activeId || isAdding()) return;
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item || item.converting || item.uploading) return;
      setCropOpened(true);
      setActiveId(id);
    },
    [activeId, isAdding],
  );

  const startBatch = useCallback(() => {
    if (activeId || isAdding()) return;
    const ids = itemsRef.current
      .filter((item) => !item.cropped && !item.uploading && !item.converting)
      .map((item) => item.id);
    if (ids.length === 0) return;
    setCropOpened(true);
    setBatch({ queue: ids, index: 0 });
    setActiveId(ids[0]!);
  }, [activeId, isAdding]);

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

  const exitBatch = useCallback(() => {
    setBatch(null);
    setActiveId(null);
  }, []);

  /**
   * Queues the cut and upload of `item`: `area`, or (null) the centred crop measured on the photo.
   * The cut happens in the job too, so Apply never waits for the canvas either.
   */
  const enqueue = useCallback(
    (item: UploadItem, area: CropArea | null) => {
      names.current.set(item.id, item.file.name);
      dispatch({ type: 'crop-queued', id: item.id, area });
      const present = (id: string) => itemsRef.current.some((i) => i.id === id);
      queue.add(item.id, async (progress, signal) => {
        const framed = area ?? centredCrop(await imageTools.measure(item.src), aspect, rotatable);
        const cropped = await imageTools.cropToJpeg(item.src, framed, item.file.name);
        if (!present(item.id)) return;
        latest.current.dispatch({
          type: 'crop-started',
          id: item.id,
          croppedSrc: URL.createObjectURL(cropped),
          area: framed,
        });
        const uploaded = await uploadCroppedImage({
          file: item.file,
          cropped,
          crop: framed,
          sku,
          onProgress: progress,
          signal,
        });
        if (present(item.id)) latest.current.dispatch({ type: 'crop-uploaded', id: item.id, ...uploaded });
        else {
          // Deleted as the upload ended (else it was aborted): its stored images are in no cart.
          void deleteImage(uploaded.rawImageId);
          void deleteImage(uploaded.croppedImageId);
        }
      });
    },
    [aspect, dispatch, imageTools, queue, rotatable, sku],
  );

  const cancelCrop = advance;

  const applyCrop = useCallback(
    (area: CropArea | null) => {
      const item = itemsRef.current.find((i) => i.id === activeId);
      if (!item) {
        onError(UPLOAD_MESSAGES.imageDataMissing);
        advance();
        return;
      }
      try {
        // A bad frame is told at once, before anything is queued.
        checkCropInput(item.src, area);
        enqueue(item, area);
      } catch (caught) {
        onError(failureOf(item.file.name, caught));
      }
      advance();
    },
    [activeId, advance, enqueue, onError],
  );

  /** The current photo and every one after it in the batch, centred; then the batch ends. */
  const centreRest = useCallback(() => {
    const current = batchRef.current;
    if (!current) return;
    for (const id of current.queue.slice(current.index)) {
      const item = itemsRef.current.find((i) => i.id === id);
      if (item && !item.cropped && !item.uploading && !item.converting) enqueue(item, null);
    }
    exitBatch();
  }, [enqueue, exitBatch]);

  /** Forgets the uploads of photos leaving the list (their results would have nowhere to go). */
  const forget = useCallback((ids: readonly string[]) => ids.forEach((id) => queue.drop(id)), [queue]);

  const activeItem = useMemo(() => items.find((item) => item.id === activeId), [items, activeId]);

  return {
    activeItem,
    batch,
    cropOpened,
    startCrop,
    startBatch,
    cancelCrop,
    exitBatch,
    applyCrop,
    centreRest,
    forget,
    /** Resolves when every queued crop has uploaded or failed. */
    uploadsSettled: queue.settled,
  };
}

export type Framing = ReturnType<typeof useFraming>;
