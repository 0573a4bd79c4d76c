// POST /api/images (API.md "Images"): the original and its cropped JPEG, the crop and the SKU; the
// answer carries both stored ids and the server's print-quality verdict. The answer is checked the
// way spec 2 §8 describes: a reported failure, then an incomplete success.
import { z } from 'zod';
import { UPLOAD_MESSAGES, type CropArea } from '@printshop/shared-events/rules/uploads';
import { api, apiUpload } from '@/lib/api-client';
import { uploadSingleImage } from '@/lib/upload-single-image';

const answerSchema = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  rawImage: z.looseObject({ id: z.string().optional() }).nullish(),
  croppedImage: z.looseObject({ id: z.string().optional() }).nullish(),
  print: z.object({ dpi: z.number(), quality: z.enum(['good', 'fair', 'poor']) }).nullish(),
});

export interface UploadedCrop {
  rawImageId: string;
  croppedImageId: string;
  print: { dpi: number; quality: 'good' | 'fair' | 'poor' } | null;
}

export async function uploadCroppedImage(input: {
  file: File;
  cropped: File;
  crop: CropArea;
  sku: string;
  /** How much of the upload has gone, 0..1 (the photo's progress in the list). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload (the photo was deleted meanwhile). */
  signal?: AbortSignal;
}): Promise<UploadedCrop> {
  const form = new FormData();
  form.append('rawImage', input.file, input.file.name);
  form.append('croppedImage', input.cropped, input.cropped.name);
  form.append('crop', JSON.stringify(input.crop));
  form.append('sku', input.sku);
  const answer = await apiUpload('/images', {
    schema: answerSchema,
    body: form,
    onProgress: input.onProgress,
    signal: input.signal,
  });
  if (answer.success !== true) throw new Error(answer.message || UPLOAD_MESSAGES.apiUploadFailed);
  const rawImageId = answer.rawImage?.id;
  const croppedImageId = answer.croppedImage?.id;
  if (!rawImageId || !croppedImageId) throw new Error(UPLOAD_MESSAGES.incompleteUploadResponse);
  return { rawImageId, croppedImageId, print: answer.print ?? null };
}

/** POST /api/images/single: one picture (a converted photo, a composed strip); no id is a failure. */
export async function uploadImage(blob: Blob, fileName: string): Promise<string> {
  const id = await uploadSingleImage(blob, fileName);
  if (!id) throw new Error(UPLOAD_MESSAGES.incompleteUploadResponse);
  return id;
}

/** DELETE /api/images/:id, for images removed from the list; failures do not matter to the shopper. */
export async function deleteImage(id: string): Promise<void> {
  await api.delete(`/images/${encodeURIComponent(id)}`, { schema: z.unknown() }).catch(() => undefined);
}
