// The judgement of a chosen file before any crop or upload (spec 2 §5, §9): its first bytes must be
// a PNG, JPEG, WebP or HEIC image (the name and declared type prove nothing) and it must be at most
// 50 MB, so a wrong file is refused at once rather than after a long upload.
import { MAX_UPLOAD_BYTES, sniffImageKind, type ImageKind } from './uploads';

/** Enough of the file for sniffImageKind, HEIF's brand list included. */
export const FILE_HEAD_BYTES = 256;

export type FileVerdict = { ok: true; kind: ImageKind } | { ok: false; reason: 'not-image' | 'too-large' };

export function judgeChosenFile(file: { size: number }, head: Uint8Array): FileVerdict {
  const kind = file.size > 0 ? sniffImageKind(head) : undefined;
  if (!kind) return { ok: false, reason: 'not-image' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too-large' };
  return { ok: true, kind };
}
