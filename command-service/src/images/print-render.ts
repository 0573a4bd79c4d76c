// The print file of an order line, rendered from the original upload and the line's recipe: the
// crop (in the original's upright pixels) fitted to the product's print size at 300 DPI in the
// photo's orientation, bleed around it taken from the photo beyond the crop where there is some
// (else the edge mirrored), sRGB with the ICC profile embedded, JPEG quality 95. A photo with too
// few pixels is enlarged to the print size all the same; its real DPI is stated in the file's EXIF
// description and returned for the manifest. One render at a time per job slot (imageJob).
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { slotPhotosOf } from '@printshop/shared-events/events/order-line-images';
import { imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { cropDpi } from '@printshop/shared-events/rules/print-quality';
import type { Sharp } from 'sharp';
import { openStored } from './derivatives';
import { imageJob, type OpenedImage } from './decode';
import type { PrintSource, RenderedPrint } from '@printshop/shared-events/print-file';
import { PRINT_DPI, printSpecOf, type PrintSpec } from './print-spec';
import { composeFromSlots } from './slot-render';

export const PRINT_JPEG_QUALITY = 95;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Strips and collages: their recipe keeps the slot photos but not their crops nor the layout. */
const isComposed = (line: OrderLine): boolean =>
  slotPhotosOf(line).length > 0 || (productBySku(line.sku)?.slots ?? 0) > 1;

export const COMPOSITE_NOTE =
  'rendered from the composite the shopper made (the slots’ crops in their originals are not recorded)';
export const SLOTS_NOTE = 'composed from the slot originals and their crops';

/** Where the line prints from: the recipe's original and its crop, else the best image kept. */
async function openSource(images: ImageStore, line: OrderLine) {
  const composed = isComposed(line);
  const cropped = !composed && line.rawImageId && line.crop;
  const imageId = cropped ? line.rawImageId! : line.croppedImageId;
  const original = await openStored(images, imageKeys.original(imageId));
  if (original) {
    return {
      opened: original,
      crop: cropped ? line.crop : undefined,
      source: (composed ? 'composite' : 'original') as PrintSource,
      imageId,
      ...(composed && { note: COMPOSITE_NOTE }),
    };
  }
  const served = await openStored(images, imageKeys.served(line.croppedImageId));
  if (!served) return undefined;
  return {
    opened: served,
    crop: undefined,
    source: 'served copy' as PrintSource,
    imageId: line.croppedImageId,
    note: 'the original is gone: rendered from the served copy of the cropped image',
  };
}

/** The crop inside the image, trimmed (centred) to the print's aspect so nothing is stretched. */
function fitted(crop: Rect | undefined, opened: OpenedImage, aspect: number): Rect {
  const x = Math.max(0, crop?.x ?? 0);
  const y = Math.max(0, crop?.y ?? 0);
  const width = Math.min(crop?.width ?? opened.width, opened.width - x);
  const height = Math.min(crop?.height ?? opened.height, opened.height - y);
  if (width / height > aspect) {
    const w = height * aspect;
    return { x: x + (width - w) / 2, y, width: w, height };
  }
  const h = width / aspect;
  return { x, y: y + (height - h) / 2, width, height: h };
}

/**
 * The region scaled to the trim size with `bleed` pixels around it: taken from the photo beyond the
 * region where it has some, the rest mirrored from the edge (cut off anyway, it only hides drift).
 */
function withBleed(opened: OpenedImage, region: Rect, spec: PrintSpec): Sharp {
  const { trimWidthPx: tw, trimHeightPx: th, bleedPx: bleed } = spec;
  const scale = tw / region.width;
  const b = bleed / scale;
  const x0 = Math.max(0, Math.round(region.x - b));
  const y0 = Math.max(0, Math.round(region.y - b));
  const x1 = Math.min(opened.width, Math.round(region.x + region.width + b));
  const y1 = Math.min(opened.height, Math.round(region.y + region.height + b));
  const missing = {
    left: Math.max(0, Math.round((b - region.x) * scale)),
    top: Math.max(0, Math.round((b - region.y) * scale)),
    right: Math.max(0, Math.round((region.x + region.width + b - opened.width) * scale)),
    bottom: Math.max(0, Math.round((region.y + region.height + b - opened.height) * scale)),
  };
  return opened.image
    .clone()
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .resize(tw + 2 * bleed - missing.left - missing.right, th + 2 * bleed - missing.top - missing.bottom, {
      fit: 'fill',
    })
    .extend({ ...missing, extendWith: 'mirror' });
}

const inches = (value: number) => Math.round(value * 100) / 100;

/** A strip or collage composed from its slot originals at the print size, when its recipe has them. */
async function renderSlots(images: ImageStore, line: OrderLine) {
  if (!line.slots?.length) return undefined;
  // Strips and collages are portrait designs: the spec of a portrait picture.
  const spec = printSpecOf(line.sku, 1, 2);
  if (!spec) throw new Error(`No print size for SKU ${line.sku}`);
  const composed = await composeFromSlots(images, line, {
    width: spec.trimWidthPx,
    height: spec.trimHeightPx,
  });
  if (!composed) return undefined;
  const { bleedPx: bleed } = spec;
  // White (or the strip's colour, already flattened) bleed: the design's edge is paper, not picture.
  const shaped = composed.image.extend({
    top: bleed,
    bottom: bleed,
    left: bleed,
    right: bleed,
    extendWith: 'copy',
  });
  return { spec, shaped, effectiveDpi: composed.effectiveDpi };
}

/** Renders the line's print file; undefined when no image of it is kept any more. */
export async function renderPrint(images: ImageStore, line: OrderLine): Promise<RenderedPrint | undefined> {
  const slotted = await renderSlots(images, line);
  if (slotted) {
    const bytes = await encodePrint(slotted.shaped, slotted.spec, slotted.effectiveDpi);
    return printOf(bytes, slotted.spec, slotted.effectiveDpi, {
      source: 'slots',
      sourceImageId: line.croppedImageId,
      note: SLOTS_NOTE,
    });
  }
  const found = await openSource(images, line);
  if (!found) return undefined;
  const { opened } = found;
  const first = found.crop ?? { width: opened.width, height: opened.height };
  const spec = printSpecOf(line.sku, first.width, first.height);
  if (!spec) throw new Error(`No print size for SKU ${line.sku}`);
  const { trimWidthPx: tw, trimHeightPx: th, bleedPx: bleed } = spec;
  const region = isComposed(line) ? undefined : fitted(found.crop, opened, tw / th);
  const effectiveDpi = cropDpi(region ?? opened, spec.printSize);
  const shaped = region
    ? withBleed(opened, region, spec)
    : // A composite is the shopper's design: all of it is printed, centred on white (its aspect is
      // the editor's, not the paper's), the white running on into the bleed.
      opened.image
        .clone()
        .resize(tw, th, { fit: 'contain', background: '#ffffff' })
        .extend({ top: bleed, bottom: bleed, left: bleed, right: bleed, background: '#ffffff' });
  const bytes = await encodePrint(shaped, spec, effectiveDpi);
  return printOf(bytes, spec, effectiveDpi, {
    source: found.source,
    sourceImageId: found.imageId,
    ...(found.note && { note: found.note }),
  });
}

/** sRGB JPEG at 300 DPI with the print's size and effective DPI in its EXIF description. */
function encodePrint(shaped: Sharp, spec: PrintSpec, effectiveDpi: number): Promise<Buffer> {
  const bleed = spec.bleedPx;
  return imageJob(() =>
    shaped
      .flatten({ background: '#ffffff' })
      .withIccProfile('srgb')
      .withDensity(PRINT_DPI)
      .withExif({
        IFD0: {
          ImageDescription: `PrintShop print file: ${inches(spec.widthIn)} x ${inches(spec.heightIn)} in + ${bleed} px bleed; effective ${effectiveDpi} DPI`,
        },
      })
      .jpeg({ quality: PRINT_JPEG_QUALITY, chromaSubsampling: '4:4:4', optimiseCoding: false })
      .toBuffer(),
  );
}

function printOf(
  bytes: Buffer,
  spec: PrintSpec,
  effectiveDpi: number,
  from: Pick<RenderedPrint, 'source' | 'sourceImageId' | 'note'>,
): RenderedPrint {
  return {
    bytes,
    widthPx: spec.trimWidthPx + 2 * spec.bleedPx,
    heightPx: spec.trimHeightPx + 2 * spec.bleedPx,
    widthIn: spec.widthIn,
    heightIn: spec.heightIn,
    bleedPx: spec.bleedPx,
    effectiveDpi,
    orientation: spec.orientation,
    paper: spec.paper,
    ...from,
  };
}
