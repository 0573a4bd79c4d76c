// A photo chosen for a collage slot, judged as every creation page judges a chosen file (spec 2 §5,
// API.md "Images"): by its first bytes and its size, not its name or declared type. HEIC, which most
// browsers cannot draw, is converted by the server as on the print pages (POST /api/images/single,
// use-upload-list.ts); the slot is then cropped, drawn and composed from the converted JPEG (GET
// /api/images/<id>: upright, the original's size), and that stored image is the slot's upload.
import { FILE_HEAD_BYTES, judgeChosenFile } from '@printshop/shared-events/rules/file-check';
import { UPLOAD_MESSAGES, uploadFailedMessage } from '@printshop/shared-events/rules/uploads';
import { ApiError, apiDownload } from '@/lib/api-client';
import { serverMessageOr } from '@/lib/server-message';
import { uploadSingleImage } from '@/lib/upload-single-image';
import { COLLAGE_MESSAGES } from './collage-copy';

export type SlotPhotoVerdict = { ok: true; heic: boolean } | { ok: false; message: string };

const readHead = async (file: Blob): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
  } catch {
    return new Uint8Array(); // unreadable: judged not an image
  }
};

/** Whether the slot can take the file, and whether it is HEIC (to be converted first). */
export async function judgeSlotPhoto(file: File): Promise<SlotPhotoVerdict> {
  const verdict = judgeChosenFile(file, await readHead(file));
  if (verdict.ok) return { ok: true, heic: verdict.kind === 'heic' };
  return {
    ok: false,
    message:
      verdict.reason === 'too-large' ? UPLOAD_MESSAGES.fileTooLarge(file.name) : COLLAGE_MESSAGES.notAnImage,
  };
}

/** A HEIC photo converted by the server: the JPEG to crop and draw, and its stored id. */
export interface ConvertedPhoto {
  picture: Blob;
  imageId: string;
}

/**
 * Uploads the HEIC photo and fetches the server's JPEG of it. Fails with the print pages' upload
 * message ('Failed to process image {name}. …', with the server's reason when it gave one).
 */
export async function convertHeic(file: File): Promise<ConvertedPhoto> {
  try {
    const imageId = await uploadSingleImage(file, file.name);
    if (!imageId) throw new Error(UPLOAD_MESSAGES.incompleteUploadResponse);
    const { blob } = await apiDownload(`/images/${encodeURIComponent(imageId)}`);
    return { picture: blob, imageId };
  } catch (error) {
    throw new Error(
      uploadFailedMessage(file.name, {
        message: error instanceof Error ? error.message : undefined,
        status: error instanceof ApiError ? error.status : undefined,
        serverMessage: serverMessageOr(error, '') || undefined,
      }),
      { cause: error },
    );
  }
}
