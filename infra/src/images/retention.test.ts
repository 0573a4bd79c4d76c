// Retention against the real Postgres event store and the filesystem image store: originals older
// than the retention period that never reached an order are removed and ImageExpired is logged;
// served copies stay; young, deleted and ordered images are left alone; a second pass does nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import { imageStreamName } from '@printshop/shared-events/events/image';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { silentLogger } from '@printshop/shared-events/logger';
import { seedCatalog } from '@printshop/command-service/catalog/seed';
import { createImageDerivatives } from '@printshop/command-service/images/derivatives';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { createFileImageStore } from './file-image-store';
import { expireOldOriginals, imagesInOrders } from './retention';

let test: TestStore;
let dir: string;
let images: ImageStore;

beforeAll(async () => {
  test = await createTestStore('image_retention', { registry: new EventRegistry(allEvents) });
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-retention-'));
  images = createFileImageStore(dir);
});
afterAll(async () => {
  await test?.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = new Date('2025-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

/** An image as an upload leaves it: original and preview on file, ImageUploaded in its stream. */
async function uploadedAt(uploadedAt: string): Promise<string> {
  const imageId = randomUUID();
  const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();
  await images.put(imageKeys.original(imageId), original);
  await images.put(imageKeys.preview(imageId), original);
  await test.store.appendToStream(imageStreamName(imageId), [
    {
      type: 'ImageUploaded',
      data: {
        imageId,
        owner: { guestSession: randomUUID() },
        role: 'single',
        contentHash: 'b'.repeat(64),
        bytes: original.length,
        width: 64,
        height: 48,
        format: 'jpeg',
        uploadedAt,
      },
    },
  ]);
  return imageId;
}

/** A 30-day pass at `now` over the test's images, the order scan answered by `isInAnOrder`. */
const retention = (isInAnOrder: (imageId: string) => Promise<boolean>) => ({
  store: test.store,
  images,
  derivatives: createImageDerivatives(images),
  retentionDays: 30,
  now: () => now,
  logger: silentLogger,
  isInAnOrder,
});

const types = async (imageId: string) =>
  (await test.store.readStream(imageStreamName(imageId))).map((event) => event.type);

describe('image retention', () => {
  it('removes old originals that reached no order, logs ImageExpired, and keeps a served copy', async () => {
    // Given an image uploaded 31 days ago, one 29 days ago, an old deleted one and an old ordered one
    const old = await uploadedAt(daysAgo(31));
    const young = await uploadedAt(daysAgo(29));
    const deleted = await uploadedAt(daysAgo(40));
    await test.store.appendToStream(imageStreamName(deleted), [
      { type: 'ImageDeleted', data: { imageId: deleted, at: daysAgo(39) } },
    ]);
    const ordered = await uploadedAt(daysAgo(60));
    const options = retention(async (imageId) => imageId === ordered);

    // When retention runs
    const expired = await expireOldOriginals(options);

    // Then only the old image lost its original, and the log says so
    expect(expired).toEqual([old]);
    expect(await images.exists(imageKeys.original(old))).toBe(false);
    expect(await types(old)).toEqual(['ImageUploaded', 'ImageExpired']);
    const [, event] = await test.store.readStream(imageStreamName(old));
    expect(event!.data).toEqual({ imageId: old, retentionDays: 30, at: now.toISOString() });
    // And the old image can still be shown: its served copy was made before the original went
    expect(await images.exists(imageKeys.served(old))).toBe(true);
    expect(await images.exists(imageKeys.preview(old))).toBe(true);
    // And the others are untouched
    for (const kept of [young, ordered]) {
      expect(await images.exists(imageKeys.original(kept))).toBe(true);
      expect(await types(kept)).toEqual(['ImageUploaded']);
    }
    expect(await types(deleted)).toEqual(['ImageUploaded', 'ImageDeleted']);

    // When it runs again, then there is nothing more to do
    expect(await expireOldOriginals(options)).toEqual([]);
    expect(await types(old)).toEqual(['ImageUploaded', 'ImageExpired']);
  });
});

describe('image retention against holds', () => {
  it('given old images held by an order and by a live checkout that its order scan missed (placed meanwhile), when retention runs, then their originals stay and nothing is recorded', async () => {
    // Given: the order scan says "not ordered" (as when the order is placed after it was read)
    const ordered = await uploadedAt(daysAgo(400));
    const inCheckout = await uploadedAt(daysAgo(400));
    await test.store.appendToStream(imageStreamName(ordered), [
      { type: 'ImageHeldForOrder', data: { imageId: ordered, orderId: randomUUID(), at: daysAgo(1) } },
    ]);
    await test.store.appendToStream(imageStreamName(inCheckout), [
      {
        type: 'ImageHeldForCheckout',
        data: { imageId: inCheckout, checkoutId: randomUUID(), until: daysAgo(-1), at: daysAgo(0) },
      },
    ]);

    // When
    const expired = await expireOldOriginals(retention(async () => false));

    // Then
    expect(expired).not.toContain(ordered);
    expect(expired).not.toContain(inCheckout);
    for (const kept of [ordered, inCheckout]) {
      expect(await images.exists(imageKeys.original(kept))).toBe(true);
      expect(await types(kept)).not.toContain('ImageExpired');
    }
  });
});

describe('imagesInOrders', () => {
  it('given an order printing a cropped image, its original and collage slot photos, then all of them count as ordered', async () => {
    const plain = await createTestStore('image_retention_orders');
    try {
      const [raw, cropped, slot, unrelated] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await plain.store.appendToStream(`order-${randomUUID()}`, [
        {
          type: 'OrderPlaced',
          data: {
            lines: [
              { rawImageId: raw, croppedImageId: cropped },
              { croppedImageId: randomUUID(), customizationData: { images: [{ slotId: 1, imageId: slot }] } },
            ],
          },
        },
      ]);
      const ordered = await imagesInOrders(plain.store);
      expect([raw, cropped, slot].every((id) => ordered.has(id))).toBe(true);
      expect(ordered.has(unrelated)).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

describe('image retention and the catalog', () => {
  it("given old uploads, one of them a product picture of the owner's and one a picture replaced since, when retention runs, then the picture's original stays and the replaced one's goes", async () => {
    const picture = await uploadedAt(daysAgo(90));
    const replaced = await uploadedAt(daysAgo(90));
    const pictures = (images: string[], previous: string[]) => ({
      type: 'ProductImagesChanged',
      data: { sku: 'POSTERA3', images, previous, by: 'admin:owner', at: daysAgo(2) },
    });
    await seedCatalog(test.store, new Date(daysAgo(100)));
    await test.store.appendToStream(CATALOG_STREAM, [
      pictures([`/images/${replaced}`], ['/images/products/poster-a3.jpg']),
      pictures([`/images/${picture}`, '/images/products/poster-a3.jpg'], [`/images/${replaced}`]),
    ]);

    const expired = await expireOldOriginals(retention(async () => false));

    expect(expired).toContain(replaced);
    expect(expired).not.toContain(picture);
    expect(await images.exists(imageKeys.original(picture))).toBe(true);
    expect(await types(picture)).toEqual(['ImageUploaded']);
  });
});
