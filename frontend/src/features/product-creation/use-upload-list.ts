// The uploads list as a hook: the reducer of upload-list-state.ts plus what touches the browser —
// checking the chosen files, object URLs (made once, revoked when an image leaves) and previews made
// in the background, one page's worth of <img> at a time.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { FILE_HEAD_BYTES, judgeChosenFile } from '@printshop/shared-events/rules/file-check';
import { isWholeImage } from '@printshop/shared-events/rules/image-structure';
import {
  ACCEPTED_IMAGE_TYPES,
  uploadFailedMessage,
  type ImageKind,
} from '@printshop/shared-events/rules/uploads';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from './api/upload-cropped-image';
import { makeThumbnail } from './thumbnails';
import { emptyUploadList, uploadListReducer, type UploadListAction } from './upload-list-state';
import { serverMessageOr } from '@/lib/server-message';

const newId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const readHead = async (file: File): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
  } catch {
    return new Uint8Array(); // unreadable: judged not an image
  }
};

export interface ChosenFiles {
  accepted: File[];
  /** Names of files that are not image content (or unreadable), whatever the name says. */
  rejected: string[];
  /** Names of images over the upload limit. */
  tooLarge: string[];
}

/** Whether the whole file is a whole picture of its kind; a file that cannot be read is not. */
const isWhole = async (file: File, kind: ImageKind): Promise<boolean> => {
  if (kind === 'heic') return true; // converted by the server at once, which answers its own error
  try {
    return isWholeImage(kind, new Uint8Array(await file.arrayBuffer()));
  } catch {
    return false;
  }
};

/**
 * Splits chosen files by their first bytes, size and structure (spec 2 §5, §9), before any crop or
 * upload: a file that only starts like a picture (a JPEG's magic bytes and nothing, a photo cut
 * short) is refused with the others that cannot be processed, rather than listed, charged and left
 * for the crop tool to fail on.
 */
export async function acceptFiles(files: Iterable<File>): Promise<ChosenFiles> {
  const list = [...files];
  const verdicts = await Promise.all(list.map(async (file) => judgeChosenFile(file, await readHead(file))));
  const chosen: ChosenFiles = { accepted: [], rejected: [], tooLarge: [] };
  for (const [i, verdict] of verdicts.entries()) {
    const file = list[i]!;
    // One file read whole at a time: a hundred 50 MB photos are never in memory together.
    if (verdict.ok && (await isWhole(file, verdict.kind))) chosen.accepted.push(file);
    else if (!verdict.ok && verdict.reason === 'too-large') chosen.tooLarge.push(file.name);
    else chosen.rejected.push(file.name);
  }
  return chosen;
}

/** HEIC/HEIF by declared type, or by name when the browser declares none. */
export const isHeic = (file: File): boolean =>
  file.type ? ACCEPTED_IMAGE_TYPES[file.type.toLowerCase()] === 'heic' : /\.(heic|heif)$/i.test(file.name);

/**
 * Most browsers cannot draw HEIC, so the server converts it (API.md: HEIC is converted) and the
 * crop tool works on the converted picture, which has the same size; the original file is still what
 * POST /api/images receives with the crop.
 */
export function useUploadList(onError: (message: string) => void = () => undefined) {
  const [state, dispatch] = useReducer(uploadListReducer, emptyUploadList);
  // Every object URL an image owns, so it is revoked exactly when the image goes.
  const urls = useRef(new Map<string, Set<string>>());
  const alive = useRef(true);
  // Previews arriving together are shown together, one render per frame rather than one per photo.
  const ready = useRef(new Map<string, string>());
  const flushing = useRef(false);
  const showPreview = useCallback((id: string, thumbnail: string) => {
    ready.current.set(id, thumbnail);
    if (flushing.current) return;
    flushing.current = true;
    const flush = () => {
      flushing.current = false;
      const previews = ready.current;
      ready.current = new Map();
      if (alive.current && previews.size > 0) dispatch({ type: 'thumbnails', previews });
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  }, []);

  const own = useCallback((id: string, url: string) => {
    const set = urls.current.get(id) ?? new Set<string>();
    set.add(url);
    urls.current.set(id, set);
  }, []);

  const release = useCallback((ids: Iterable<string>) => {
    for (const id of ids) {
      for (const url of urls.current.get(id) ?? []) URL.revokeObjectURL(url);
      urls.current.delete(id);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    const owned = urls.current;
    return () => {
      alive.current = false;
      for (const set of owned.values()) for (const url of set) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  /** Adds the image files among `files`; answers which were turned away. */
  const addFiles = useCallback(
    async (files: Iterable<File>): Promise<ChosenFiles & { added: number }> => {
      const chosen = await acceptFiles(files);
      if (!alive.current) return { ...chosen, added: 0 };
      const { accepted } = chosen;
      const items = accepted.map((file) => {
        const id = newId();
        const src = URL.createObjectURL(file);
        own(id, src);
        return { id, file, src, converting: isHeic(file) };
      });
      if (items.length > 0) dispatch({ type: 'add', items });
      for (const { id, file, src, converting } of items) {
        if (converting) {
          uploadImage(file, file.name).then(
            (imageId) => {
              if (!alive.current || !urls.current.has(id)) return;
              const path = encodeURIComponent(imageId);
              dispatch({
                type: 'converted',
                id,
                src: `/images/${path}`,
                thumbnail: `/api/images/${path}?w=320`,
              });
            },
            (error: unknown) => {
              if (!alive.current || !urls.current.has(id)) return;
              release([id]);
              dispatch({ type: 'remove', ids: [id] });
              onError(
                uploadFailedMessage(file.name, {
                  message: error instanceof Error ? error.message : undefined,
                  status: error instanceof ApiError ? error.status : undefined,
                  serverMessage: serverMessageOr(error, '') || undefined,
                }),
              );
            },
          );
          continue;
        }
        void makeThumbnail(id, file, src).then((thumbnail) => {
          // An image deleted meanwhile (or a page left) gets no preview; its URL is dropped.
          if (!alive.current || !urls.current.has(id)) {
            if (thumbnail !== src) URL.revokeObjectURL(thumbnail);
            return;
          }
          own(id, thumbnail);
          showPreview(id, thumbnail);
        });
      }
      return { ...chosen, added: items.length };
    },
    [own, release, onError, showPreview],
  );

  const act = useCallback(
    (action: UploadListAction) => {
      if (action.type === 'remove') release(action.ids);
      if (action.type === 'clear') release([...urls.current.keys()]);
      if (action.type === 'crop-started') own(action.id, action.croppedSrc);
      dispatch(action);
    },
    [own, release],
  );

  return { state, addFiles, dispatch: act };
}
