// The copies served to browsers, made once from the private original and kept: the full-size
// served JPEG (on first request: an upload only makes its preview, which keeps uploads fast) and
// the resized copies of `?w=`. Requests for a copy being made wait for that one making.
import { ServiceUnavailable } from '@printshop/shared-events/errors';
import { imageKeys, type ImageStore, type StoredImage } from '@printshop/shared-events/image-store';
import { sniffImageKind } from '@printshop/shared-events/rules/uploads';
import sharp from 'sharp';
import { openImage, servedJpeg, sizedJpeg, type OpenedImage } from './decode';

export interface ImageDerivatives {
  /** Makes the served copy when missing; false when neither it nor the original exists. */
  ensureServed(imageId: string): Promise<boolean>;
  /** The key of a copy `width` wide (made when missing), or of the served copy when that is not wider. */
  ensureSized(image: { imageId: string; width: number }, width: number): Promise<string | undefined>;
}

export async function readWhole(object: StoredImage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stored object `key` opened upright for sharp; undefined when it does not exist. */
export async function openStored(images: ImageStore, key: string): Promise<OpenedImage | undefined> {
  const object = await images.get(key);
  if (!object) return undefined;
  // Originals were checked at upload; the original is read once into memory (<= 50 MiB).
  const bytes = await readWhole(object);
  const kind = sniffImageKind(bytes);
  if (!kind) throw new ServiceUnavailable(`Stored image ${key} is not an image`);
  return openImage(bytes, kind, 'image');
}

export function createImageDerivatives(images: ImageStore): ImageDerivatives {
  const making = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    const running = making.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = make().finally(() => making.delete(key));
    making.set(key, started);
    return started;
  };

  const ensureServed = (imageId: string): Promise<boolean> =>
    once(imageKeys.served(imageId), async () => {
      if (await images.exists(imageKeys.served(imageId))) return true;
      const original = await openStored(images, imageKeys.original(imageId));
      if (!original) return false;
      const { image } = original;
      await images.put(imageKeys.served(imageId), await servedJpeg(image));
      return true;
    });

  const ensureSized = async (image: { imageId: string; width: number }, width: number) => {
    const { imageId } = image;
    if (width >= image.width) return (await ensureServed(imageId)) ? imageKeys.served(imageId) : undefined;
    const key = imageKeys.sized(imageId, width);
    return once(key, async () => {
      if (await images.exists(key)) return key;
      // Small copies come from the preview when it is wide enough: no decoding of the full image.
      const preview = await images.get(imageKeys.preview(imageId));
      let source = preview && (await readWhole(preview));
      if (!source || ((await sharp(source).metadata()).width ?? 0) < width) {
        if (!(await ensureServed(imageId))) return undefined;
        const served = await images.get(imageKeys.served(imageId));
        if (!served) return undefined;
        source = await readWhole(served);
      }
      await images.put(key, await sizedJpeg(sharp(source), width));
      return key;
    });
  };

  return { ensureServed, ensureSized };
}

/** The served copy of an image (made when missing) with its pixel size; undefined when it is gone. */
export async function servedCopy(
  images: ImageStore,
  derivatives: ImageDerivatives,
  imageId: string,
): Promise<{ bytes: Buffer; widthPx: number; heightPx: number } | undefined> {
  if (!(await derivatives.ensureServed(imageId))) return undefined;
  const served = await images.get(imageKeys.served(imageId));
  if (!served) return undefined;
  const bytes = await readWhole(served);
  const { width, height } = await sharp(bytes).metadata();
  return { bytes, widthPx: width, heightPx: height };
}
