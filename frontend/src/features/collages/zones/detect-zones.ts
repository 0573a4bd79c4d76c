// Finding the photo slots of a collage template (spec 2 §8, §9), as pure functions over RGBA pixels
// (a canvas ImageData in the browser, sharp's raw output in tests):
// - colour-based, on the template itself: regions of a slot colour (ZONE_PALETTE) covering at least
//   0.5% of the picture, sampled every 5 px;
// - mask-based: white regions of the black-and-white mask covering at least 1%, sampled every 10 px.
// Regions are found on the sampling grid (4-connected), then their edges are refined to the pixel.
import { layoutOf, slotBounds } from '../templates/layouts';
import { ZONE_PALETTE } from '../templates/zone-palette';

export interface PixelImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8ClampedArray | Uint8Array;
}

export interface DetectedZone {
  /** Slot number, 1 first. */
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The slot colour, for colour-detected zones. */
  color?: string;
}

export const COLOUR_DETECTION = { step: 5, minAreaRatio: 0.005 } as const;
export const MASK_DETECTION = { step: 10, minAreaRatio: 0.01 } as const;

/** How far (per channel) a pixel may be from a slot colour: anti-aliasing and compression. */
const COLOUR_TOLERANCE = 24;
const WHITE_THRESHOLD = 128;

type Classify = (data: PixelImage['data'], offset: number) => number;

interface Region {
  label: number;
  /** One sampled cell of the region (grid coordinates). */
  seedX: number;
  seedY: number;
  samples: number;
}

function assertImage(image: PixelImage): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error('Invalid image size');
  }
  if (data.length < width * height * 4) throw new Error('Image data is shorter than its size');
}

/** Connected regions of equal label (>= 0) on the grid sampled every `step` px. */
function regionsOnGrid(image: PixelImage, step: number, classify: Classify): Region[] {
  const { width, height, data } = image;
  const gw = Math.ceil(width / step);
  const gh = Math.ceil(height / step);
  const labels = new Int16Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      labels[gy * gw + gx] = classify(data, (gy * step * width + gx * step) * 4);
    }
  }
  const seen = new Uint8Array(gw * gh);
  const regions: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    const label = labels[start]!;
    if (label < 0 || seen[start]) continue;
    const region: Region = {
      label,
      seedX: start % gw,
      seedY: Math.floor(start / gw),
      samples: 0,
    };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const gx = cell % gw;
      const gy = (cell - gx) / gw;
      region.samples++;
      const neighbours = [
        gx > 0 ? cell - 1 : -1,
        gx < gw - 1 ? cell + 1 : -1,
        gy > 0 ? cell - gw : -1,
        gy < gh - 1 ? cell + gw : -1,
      ];
      for (const next of neighbours) {
        if (next >= 0 && !seen[next] && labels[next] === label) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

/**
 * Pixel bounds of a region: a pixel-level fill from one of its samples. (Neighbouring slots' boxes
 * may overlap, as in the diamond grid, so growing the sampled box would run into them.)
 */
function refine(image: PixelImage, region: Region, step: number, classify: Classify) {
  const { width, height, data } = image;
  const seen = new Uint8Array(width * height);
  const seed = region.seedY * step * width + region.seedX * step;
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  const stack = [seed];
  seen[seed] = 1;
  while (stack.length > 0) {
    const pixel = stack.pop()!;
    const x = pixel % width;
    const y = (pixel - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    const neighbours = [
      x > 0 ? pixel - 1 : -1,
      x < width - 1 ? pixel + 1 : -1,
      y > 0 ? pixel - width : -1,
      y < height - 1 ? pixel + width : -1,
    ];
    for (const next of neighbours) {
      if (next >= 0 && !seen[next] && classify(data, next * 4) === region.label) {
        seen[next] = 1;
        stack.push(next);
      }
    }
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

type Box = Omit<DetectedZone, 'id'>;

/** Top to bottom, then left to right: boxes overlapping a row's first box by half their height share it. */
export function readingOrder<T extends { x: number; y: number; height: number }>(boxes: readonly T[]): T[] {
  const byTop = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: T[][] = [];
  for (const box of byTop) {
    const current = rows.at(-1);
    const first = current?.[0];
    const overlap = first ? Math.min(first.y + first.height, box.y + box.height) - box.y : 0;
    if (current && first && overlap >= Math.min(first.height, box.height) / 2) current.push(box);
    else rows.push([box]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x || a.y - b.y));
}

function detect(
  image: PixelImage,
  options: { step: number; minAreaRatio: number },
  classify: Classify,
): { box: Box; label: number }[] {
  assertImage(image);
  const minArea = image.width * image.height * options.minAreaRatio;
  return regionsOnGrid(image, options.step, classify)
    .filter((r) => r.samples * options.step * options.step >= minArea)
    .map((r) => ({ box: refine(image, r, options.step, classify), label: r.label }));
}

const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Slots painted in the slot colours of a template picture, slot 1 (colour 1) first. */
export function detectColourZones(
  image: PixelImage,
  options: { step?: number; minAreaRatio?: number; palette?: typeof ZONE_PALETTE } = {},
): DetectedZone[] {
  const palette = options.palette ?? ZONE_PALETTE;
  const classify: Classify = (data, o) => {
    if (data[o + 3]! < 200) return -1;
    const r = data[o]!;
    const g = data[o + 1]!;
    const b = data[o + 2]!;
    for (let i = 0; i < palette.length; i++) {
      const [pr, pg, pb] = palette[i]!;
      if (
        Math.abs(r - pr) <= COLOUR_TOLERANCE &&
        Math.abs(g - pg) <= COLOUR_TOLERANCE &&
        Math.abs(b - pb) <= COLOUR_TOLERANCE
      ) {
        return i;
      }
    }
    return -1;
  };
  const found = detect(
    image,
    {
      step: options.step ?? COLOUR_DETECTION.step,
      minAreaRatio: options.minAreaRatio ?? COLOUR_DETECTION.minAreaRatio,
    },
    classify,
  );
  // By colour (the slot number painted), regions of one colour in reading order.
  const ordered = [...found].sort((a, b) => a.label - b.label);
  const result: DetectedZone[] = [];
  for (const label of new Set(ordered.map((f) => f.label))) {
    const boxes = readingOrder(ordered.filter((f) => f.label === label).map((f) => f.box));
    for (const box of boxes) result.push({ id: result.length + 1, ...box, color: hex(palette[label]!) });
  }
  return result;
}

/** White slots of a black-and-white mask, in reading order. */
export function detectMaskZones(
  image: PixelImage,
  options: { step?: number; minAreaRatio?: number } = {},
): DetectedZone[] {
  const classify: Classify = (data, o) => {
    const luminance = 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
    return (data[o + 3]! * luminance) / 255 > WHITE_THRESHOLD ? 0 : -1;
  };
  const found = detect(
    image,
    {
      step: options.step ?? MASK_DETECTION.step,
      minAreaRatio: options.minAreaRatio ?? MASK_DETECTION.minAreaRatio,
    },
    classify,
  );
  return readingOrder(found.map((f) => f.box)).map((box, i) => ({ id: i + 1, ...box }));
}

/** Spec 2 §8: when the mask cannot be analysed, three 200 x 200 zones. */
export function defaultMaskZones(): DetectedZone[] {
  return [0, 1, 2].map((i) => ({ id: i + 1, x: 50 + i * 250, y: 50, width: 200, height: 200 }));
}

/** Spec 2 §8: when template 1's picture shows no slots, its three slots as designed. */
export function predefinedTemplateZones(): DetectedZone[] {
  return layoutOf(1).slots.map((slot, i) => ({ id: i + 1, ...slotBounds(slot) }));
}
