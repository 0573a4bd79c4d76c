// Saved collages ('Save & Create Another', spec 2 §4) kept in IndexedDB, so they survive the editor's
// reset and a page reload, until they are added to the cart or removed. Pictures are stored as bytes
// with their type (every IndexedDB, real or test, clones ArrayBuffers; not all clone Blobs).
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { CollageSizeId } from '@printshop/shared-events/rules/collages';
import type { Area } from '../imaging/geometry';

export interface SavedSlot {
  slotId: number;
  file: Blob;
  position: Area;
  /** The crop in the photo (its pixels): the print file is cut from the photo by it. */
  crop?: Area;
  /** The photo as uploaded while the slot was filled, when its upload had finished. */
  imageId?: string;
}

/** Spec 2 §3 "Saved collage", plus the template it belongs to and when it was saved. */
export interface SavedCollage {
  id: string;
  templateId: string;
  templateName: string;
  size: CollageSizeId;
  quantity: number;
  savedAt: number;
  collageBlob: Blob;
  preview: Blob;
  slots: SavedSlot[];
}

interface StoredBlob {
  bytes: ArrayBuffer;
  type: string;
}

interface StoredCollage extends Omit<SavedCollage, 'collageBlob' | 'preview' | 'slots'> {
  collageBlob: StoredBlob;
  preview: StoredBlob;
  slots: (Omit<SavedSlot, 'file'> & { file: StoredBlob })[];
}

let store: UseStore | undefined;
// Opened on first use: a page that never saves never touches IndexedDB.
const savedStore = () => (store ??= createStore('printshop-collages', 'saved-collages'));

/** 'collage-' plus the time it was saved (spec 2 §3). */
export const savedCollageId = (now: number) => `collage-${now}`;

const toStored = async (blob: Blob): Promise<StoredBlob> => ({
  bytes: await blob.arrayBuffer(),
  type: blob.type,
});
const fromStored = (stored: StoredBlob): Blob => new Blob([stored.bytes], { type: stored.type });

export async function saveCollage(collage: SavedCollage): Promise<void> {
  const stored: StoredCollage = {
    ...collage,
    collageBlob: await toStored(collage.collageBlob),
    preview: await toStored(collage.preview),
    slots: await Promise.all(
      collage.slots.map(async (slot) => ({ ...slot, file: await toStored(slot.file) })),
    ),
  };
  await set(collage.id, stored, savedStore());
}

/** The template's saved collages, oldest first. */
export async function listSavedCollages(templateId: string): Promise<SavedCollage[]> {
  const all = await entries<string, StoredCollage>(savedStore());
  return all
    .map(([, stored]) => stored)
    .filter((stored) => stored.templateId === templateId)
    .sort((a, b) => a.savedAt - b.savedAt)
    .map((stored) => ({
      ...stored,
      collageBlob: fromStored(stored.collageBlob),
      preview: fromStored(stored.preview),
      slots: stored.slots.map((slot) => ({ ...slot, file: fromStored(slot.file) })),
    }));
}

export function removeSavedCollage(id: string): Promise<void> {
  return del(id, savedStore());
}
