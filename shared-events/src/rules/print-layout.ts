// Where things sit on the print file of a strip or a collage (pure pixel arithmetic, no images):
// a design placed on the paper with even white margins, a crop covering a box without stretching,
// and the frames of a strip, each of its product's crop aspect so nothing framed is cut afterwards.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The largest rectangle of `content`'s aspect inside `sheet`, centred: a template whose shape
 * differs from the paper's (9:16 on A-sizes) gets even white margins, never stretched nor cut.
 */
export function containOnSheet(content: Size, sheet: Size): Rect {
  if (!(content.width > 0 && content.height > 0 && sheet.width > 0 && sheet.height > 0)) {
    throw new Error('Sizes must be positive.');
  }
  const scale = Math.min(sheet.width / content.width, sheet.height / content.height);
  const width = Math.round(content.width * scale);
  const height = Math.round(content.height * scale);
  return {
    x: Math.floor((sheet.width - width) / 2),
    y: Math.floor((sheet.height - height) / 2),
    width,
    height,
  };
}

/**
 * The part of a crop that fills a box of another ratio without stretching: the crop trimmed evenly
 * on its long side (a slot's crop ratio is the page's; the slot itself may differ a little).
 */
export function coverCrop(crop: Rect, box: Size): Rect {
  if (!(crop.width > 0 && crop.height > 0 && box.width > 0 && box.height > 0)) {
    throw new Error('Invalid crop area received.');
  }
  const boxRatio = box.width / box.height;
  if (crop.width / crop.height > boxRatio) {
    const width = crop.height * boxRatio;
    return { x: crop.x + (crop.width - width) / 2, y: crop.y, width, height: crop.height };
  }
  const height = crop.width / boxRatio;
  return { x: crop.x, y: crop.y + (crop.height - height) / 2, width: crop.width, height };
}

/** A slot's box on the template picture scaled onto the placed design (whole pixels, no gaps). */
export function scaleRect(area: Rect, from: Size, onto: Rect): Rect {
  const sx = onto.width / from.width;
  const sy = onto.height / from.height;
  const x = Math.round(area.x * sx);
  const y = Math.round(area.y * sy);
  return {
    x: onto.x + x,
    y: onto.y + y,
    width: Math.round((area.x + area.width) * sx) - x,
    height: Math.round((area.y + area.height) * sy) - y,
  };
}

export interface StripLayout {
  /** Top to bottom, each of the product's crop aspect (width / height). */
  frames: Rect[];
  /** Room below the frames for the design's artwork; undefined on plain strips. */
  artwork?: Rect;
}

/**
 * The frames of a strip `sheet` (the trimmed strip, portrait): a white margin of 6 % of the width
 * around and between the frames, each frame exactly `aspect`. A designed strip keeps the space
 * left under its frames for its artwork; a plain strip spreads it evenly between the frames.
 */
export function stripLayout(sheet: Size, slots: number, aspect: number, designed: boolean): StripLayout {
  if (!(slots >= 1 && aspect > 0)) throw new Error('A strip needs at least one frame of a positive aspect.');
  const margin = Math.round(sheet.width * 0.06);
  let width = sheet.width - 2 * margin;
  let height = width / aspect;
  const room = sheet.height - (slots + 1) * margin;
  if (slots * height > room) {
    // Too tall for the strip: narrower frames, still of the same aspect, centred.
    height = room / slots;
    width = height * aspect;
  }
  const w = Math.round(width);
  const h = Math.round(height);
  const x = Math.round((sheet.width - w) / 2);
  const spare = sheet.height - slots * h - (slots + 1) * margin;
  const gap = designed ? margin : margin + spare / (slots + 1);
  const frames = Array.from({ length: slots }, (_, i) => ({
    x,
    y: Math.round(gap + i * (h + gap)),
    width: w,
    height: h,
  }));
  if (!designed) return { frames };
  const top = frames[slots - 1]!.y + h + margin;
  return { frames, artwork: { x, y: top, width: w, height: Math.max(0, sheet.height - margin - top) } };
}

/** A designed strip's artwork: its title and colours (drawn as SVG on the print file). */
export interface StripDesign {
  title: string;
  background: string;
  ink: string;
  accent: string;
}

/** Chosen: the artwork of the designed strips (the shop has no vector artwork for them yet). */
export const STRIP_DESIGNS: Readonly<Record<string, StripDesign>> = {
  PHOTOSTRIPGOODVIBES: { title: 'Good Vibes', background: '#fff6d6', ink: '#e0701b', accent: '#ffc93c' },
  PHOTOSTRIPMYBOYFRIEND: { title: 'My Boyfriend', background: '#ffe8ee', ink: '#c2185b', accent: '#f48fb1' },
  PHOTOSTRIPPINKHEARTS: { title: 'Pink Hearts', background: '#ffd6e7', ink: '#d81b60', accent: '#ff80ab' },
  PHOTOSTRIPFILMSTYLE: { title: 'Film Style', background: '#1f1f1f', ink: '#f5f5f5', accent: '#9e9e9e' },
  PHOTOSTRIPMINIMALIST: { title: 'Minimalist', background: '#ffffff', ink: '#333333', accent: '#bdbdbd' },
};

/** The strip's background: black strips and film strips are black, the rest their design's or white. */
export function stripBackground(sku: string, colour: 'white' | 'black' | undefined, family: string): string {
  const design = STRIP_DESIGNS[sku];
  if (design) return design.background;
  return colour === 'black' || family === 'film-strips' ? '#111111' : '#ffffff';
}
