// The uploads list of spec 2 §3/§4 as a pure reducer: each image with its crop state, quantity,
// server ids and print quality, plus the selection. Object URLs are made and revoked by the hook
// around it (use-upload-list.ts); this file only holds state, so every rule here is testable alone.
import type { CropArea } from '@printshop/shared-events/rules/uploads';
import { collageQuantity, nextImageQuantity } from '@printshop/shared-events/rules/uploads';

export type PrintQualityLevel = 'good' | 'fair' | 'poor';

export interface UploadItem {
  id: string;
  file: File;
  /** Object URL of the original (for the crop tool); made when the item is added. */
  src: string;
  /** A small preview (worker-made thumbnail, or the original's URL where workers are missing). */
  thumbnail: string | null;
  /** Object URL of the cropped JPEG, kept while it uploads and after. */
  croppedSrc: string | null;
  cropped: boolean;
  /** The crop is queued, being made or being uploaded (the shopper has framed it). */
  uploading: boolean;
  /** Where its upload is: waiting its turn, or this far along (upload-queue.ts); null otherwise. */
  upload: { state: 'queued' } | { state: 'uploading'; percent: number } | null;
  /** A HEIC photo the server is turning into a JPEG the browser can show (see use-upload-list.ts). */
  converting: boolean;
  quantity: number;
  cropAreaPixels: CropArea | null;
  rawImageId: string | null;
  croppedImageId: string | null;
  print: { dpi: number; quality: PrintQualityLevel } | null;
}

export interface UploadListState {
  items: UploadItem[];
  selected: ReadonlySet<string>;
}

export const emptyUploadList: UploadListState = { items: [], selected: new Set() };

export type UploadListAction =
  | { type: 'add'; items: ReadonlyArray<{ id: string; file: File; src: string; converting?: boolean }> }
  | { type: 'thumbnails'; previews: ReadonlyMap<string, string> }
  | { type: 'converted'; id: string; src: string; thumbnail: string }
  | { type: 'remove'; ids: readonly string[] }
  | { type: 'clear' }
  | { type: 'quantity'; id: string; value: unknown }
  | { type: 'quantity-selected'; value: unknown }
  | { type: 'toggle'; id: string }
  | { type: 'select-page'; ids: readonly string[]; selected: boolean }
  | { type: 'crop-queued'; id: string; area: CropArea | null }
  | { type: 'crop-started'; id: string; croppedSrc: string; area: CropArea }
  | { type: 'upload-progress'; id: string; percent: number }
  | {
      type: 'crop-uploaded';
      id: string;
      rawImageId: string;
      croppedImageId: string;
      print: UploadItem['print'];
    }
  | { type: 'crop-failed'; id: string };

const update = (items: UploadItem[], id: string, change: (item: UploadItem) => UploadItem) =>
  items.map((item) => (item.id === id ? change(item) : item));

export function uploadListReducer(state: UploadListState, action: UploadListAction): UploadListState {
  switch (action.type) {
    case 'add':
      return {
        ...state,
        items: [
          ...state.items,
          ...action.items.map(({ id, file, src, converting = false }): UploadItem => ({
            id,
            file,
            src,
            thumbnail: null,
            croppedSrc: null,
            cropped: false,
            uploading: false,
            upload: null,
            converting,
            quantity: 1,
            cropAreaPixels: null,
            rawImageId: null,
            croppedImageId: null,
            print: null,
          })),
        ],
      };
    case 'thumbnails':
      return {
        ...state,
        items: state.items.map((item) => {
          const thumbnail = action.previews.get(item.id);
          return thumbnail ? { ...item, thumbnail } : item;
        }),
      };
    case 'converted':
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          src: action.src,
          thumbnail: action.thumbnail,
          converting: false,
        })),
      };
    case 'remove': {
      const gone = new Set(action.ids);
      return {
        items: state.items.filter((item) => !gone.has(item.id)),
        selected: new Set([...state.selected].filter((id) => !gone.has(id))),
      };
    }
    case 'clear':
      return emptyUploadList;
    case 'quantity':
      // A whole number of at least 1; anything else is ignored (spec 2 §5).
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          quantity: nextImageQuantity(item.quantity, action.value),
        })),
      };
    case 'quantity-selected': {
      // The bulk set falls back to 1 when the entry is not a number (spec 2 §5).
      const quantity = collageQuantity(action.value);
      return {
        ...state,
        items: state.items.map((item) => (state.selected.has(item.id) ? { ...item, quantity } : item)),
      };
    }
    case 'toggle': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else if (state.items.some((item) => item.id === action.id)) selected.add(action.id);
      return { ...state, selected };
    }
    case 'select-page': {
      const selected = new Set(state.selected);
      for (const id of action.ids) {
        if (action.selected) selected.add(id);
        else selected.delete(id);
      }
      return { ...state, selected };
    }
    case 'crop-queued':
      // Framed by the shopper, waiting its turn in the upload queue: no longer "to crop".
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          cropped: false,
          croppedSrc: null,
          cropAreaPixels: action.area,
          uploading: true,
          upload: { state: 'queued' },
        })),
      };
    case 'crop-started':
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          croppedSrc: action.croppedSrc,
          cropAreaPixels: action.area,
          uploading: true,
          upload: { state: 'uploading', percent: 0 },
        })),
      };
    case 'upload-progress':
      return {
        ...state,
        items: update(state.items, action.id, (item) =>
          item.uploading ? { ...item, upload: { state: 'uploading', percent: action.percent } } : item,
        ),
      };
    case 'crop-uploaded':
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          cropped: true,
          uploading: false,
          upload: null,
          rawImageId: action.rawImageId,
          croppedImageId: action.croppedImageId,
          print: action.print,
        })),
      };
    case 'crop-failed':
      // Back to uncropped; the temporary cropped preview is dropped (spec 2 §4).
      return {
        ...state,
        items: update(state.items, action.id, (item) => ({
          ...item,
          cropped: false,
          uploading: false,
          upload: null,
          croppedSrc: null,
          cropAreaPixels: null,
          rawImageId: null,
          croppedImageId: null,
          print: null,
        })),
      };
  }
}

/** True only when at least one image exists and none is uncropped (spec 2 §4). */
export const allCropped = (items: readonly UploadItem[]): boolean =>
  items.length > 0 && items.every((item) => item.cropped);

/** Images the shopper still has to frame: neither cropped nor on their way up. */
export const uncroppedCount = (items: readonly UploadItem[]): number =>
  items.filter((item) => !item.cropped && !item.uploading).length;

/** Crops queued or uploading. */
export const uploadingCount = (items: readonly UploadItem[]): number =>
  items.filter((item) => item.uploading).length;

export const totalQuantity = (items: readonly UploadItem[]): number =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/** Images that can go to the cart: cropped, with both stored ids (spec 2 §4). */
export const readyForCart = (items: readonly UploadItem[]): UploadItem[] =>
  items.filter((item) => item.cropped && item.rawImageId && item.croppedImageId);

export const pageCount = (count: number, pageSize: number): number =>
  Math.max(1, Math.ceil(count / pageSize));

/** The items of a 1-based page (the page is clamped into range). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): { page: number; items: T[] } {
  const last = pageCount(items.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return { page: current, items: items.slice((current - 1) * pageSize, current * pageSize) };
}
