// Retention of uploads: the original of an image that never reached an order is removed once it is
// older than IMAGE_RETENTION_DAYS, and ImageExpired says so in its stream (never while an order or a
// checkout holds the image, nor while it is one of the owner's product pictures). The served copies
// stay (made first if they were never asked for), so pages and carts that show the image keep working.
// Candidates come from the `image` events of the log. Run by the reactors role every few hours;
// two runs at once (two reactor processes) are harmless: the second finds the image expired.
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import { imagesOfLines } from '@printshop/shared-events/events/order-line-images';
import type { EventStore, RecordedEvent } from '@printshop/shared-events/event-store';
import {
  evolveImage,
  IMAGE_STREAM_CATEGORY,
  type ImageEvent,
  type ImageState,
  imageStreamName,
} from '@printshop/shared-events/events/image';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import type { Logger } from '@printshop/shared-events/logger';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { uploadOfPicture } from '@printshop/shared-events/events/catalog';
import { handleCommand } from '@printshop/command-service/handle-command';
import { imageDecider } from '@printshop/command-service/images/decide';
import type { ImageDerivatives } from '@printshop/command-service/images/derivatives';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's uploads that are product pictures now (not the code's picture files). */
export async function imagesInCatalog(store: EventStore): Promise<Set<string>> {
  const { view } = await catalogOf(store).current();
  const ids = new Set<string>();
  for (const entry of Object.values(view.products)) {
    for (const url of entry.images ?? []) {
      const imageId = uploadOfPicture(url);
      if (imageId) ids.add(imageId);
    }
  }
  return ids;
}

/**
 * Every image an OrderPlaced event prints from. Orders placed since holds exist also hold their
 * images on the images' streams (which ExpireOriginal decides against); this covers older orders.
 */
export async function imagesInOrders(store: EventStore): Promise<Set<string>> {
  const ids = new Set<string>();
  let from = 0;
  for (;;) {
    const { events, lastPosition } = await store.readAll({
      fromPosition: from,
      maxCount: 1000,
      filter: { eventTypes: ['OrderPlaced'] },
    });
    for (const event of events) {
      for (const imageId of imagesOfLines((event.data as OrderPlacedData).lines)) ids.add(imageId);
    }
    if (lastPosition <= from) return ids;
    from = lastPosition;
  }
}

export interface RetentionOptions {
  store: EventStore;
  images: ImageStore;
  derivatives: ImageDerivatives;
  retentionDays: number;
  now(): Date;
  logger: Logger;
  /** Default: whether an OrderPlaced event prints from the image. */
  isInAnOrder?(imageId: string): Promise<boolean>;
}

/** Every image of the log, as its stream folds it. */
async function allImages(store: EventStore): Promise<Map<string, NonNullable<ImageState>>> {
  const images = new Map<string, NonNullable<ImageState>>();
  const filter = { streamCategories: [IMAGE_STREAM_CATEGORY] };
  let from = 0;
  for (;;) {
    const { events, lastPosition } = await store.readAll({ fromPosition: from, maxCount: 1000, filter });
    for (const event of events as Array<RecordedEvent & ImageEvent>) {
      const imageId = event.data.imageId;
      const next = evolveImage(images.get(imageId), event);
      if (next) images.set(imageId, next);
    }
    if (lastPosition <= from) return images;
    from = lastPosition;
  }
}

/** One pass: removes the originals due and records each removal. Returns the expired image ids. */
export async function expireOldOriginals(options: RetentionOptions): Promise<string[]> {
  const { store, images, logger } = options;
  const now = options.now();
  const cutoff = now.getTime() - options.retentionDays * DAY_MS;
  const expired: string[] = [];
  const candidates = await allImages(store);
  // Read after the candidates, so an order placed (or a picture chosen) meanwhile is seen.
  const ordered = options.isInAnOrder ? undefined : await imagesInOrders(store);
  const pictures = await imagesInCatalog(store);
  const inAnOrder = options.isInAnOrder ?? (async (imageId: string) => ordered!.has(imageId));
  for (const image of candidates.values()) {
    if (image.status !== 'active' || Date.parse(image.uploadedAt) > cutoff) continue;
    if (pictures.has(image.imageId) || (await inAnOrder(image.imageId))) continue;
    try {
      if (!(await options.derivatives.ensureServed(image.imageId))) {
        logger.warn({ imageId: image.imageId }, 'image has neither original nor served copy');
      }
      // The event first, decided against the image's stream: a checkout or order that holds the
      // image (even one placed since the candidates were read) makes it record nothing, and then
      // the file stays. A failure between the event and the removal leaves an orphan file, never
      // a held image without its original.
      const at = now.toISOString();
      const { events } = await handleCommand(
        store,
        imageStreamName(image.imageId),
        imageDecider,
        {
          type: 'ExpireOriginal',
          data: { imageId: image.imageId, retentionDays: options.retentionDays, at },
        },
        { metadata: { actor: 'system:image-retention', at } },
      );
      if (events.length === 0) continue;
      await images.delete(imageKeys.original(image.imageId));
      expired.push(image.imageId);
    } catch (error) {
      logger.error({ err: error, imageId: image.imageId }, 'image retention failed for one image');
    }
  }
  if (expired.length > 0) logger.info({ count: expired.length }, 'expired image originals');
  return expired;
}

export interface RetentionSchedule {
  stop(): Promise<void>;
}

/** Runs a pass after `firstRunMs`, then every `everyMs` (default 3 hours); never two at once. */
export function scheduleImageRetention(
  options: RetentionOptions & { everyMs?: number; firstRunMs?: number },
): RetentionSchedule {
  let running: Promise<unknown> | undefined;
  const pass = () => {
    if (running) return;
    running = expireOldOriginals(options)
      .catch((error: unknown) => options.logger.error({ err: error }, 'image retention pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(pass, options.firstRunMs ?? 60_000);
  const every = setInterval(pass, options.everyMs ?? 3 * 60 * 60 * 1000);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
