// Where the photo slots sit on each collage template (template{N}.png / mask{N}.png). The image
// generator draws from these, the editor uses template 1's as its predefined fallback zones, and the
// detector tests compare what they find against them. Slots are listed in their order (slot 1 first,
// which is also reading order: top to bottom, then left to right).

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type SlotShape =
  /** An upright or slightly turned rectangle (rotate in degrees about its centre). */
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius?: number; rotate?: number }
  /** A square standing on a corner: centre and half its diagonal. */
  | { kind: 'diamond'; cx: number; cy: number; half: number };

export type TemplateStyle =
  | 'post'
  | 'studio'
  | 'polaroids'
  | 'film'
  | 'creative'
  | 'diamond'
  | 'pink'
  | 'friendship'
  | 'botanical'
  | 'mixed'
  | 'vertical-film';

export interface TemplateLayout {
  number: number;
  width: number;
  height: number;
  style: TemplateStyle;
  /** The heading printed on the template. */
  title: string;
  slots: SlotShape[];
}

const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  extra: { radius?: number; rotate?: number } = {},
) => ({ kind: 'rect', x, y, width, height, ...extra }) as const;

/** The axis-aligned box around a slot, in template pixels. */
export function slotBounds(shape: SlotShape): Rect {
  if (shape.kind === 'diamond') {
    return {
      x: shape.cx - shape.half,
      y: shape.cy - shape.half,
      width: shape.half * 2,
      height: shape.half * 2,
    };
  }
  const angle = ((shape.rotate ?? 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const width = shape.width * cos + shape.height * sin;
  const height = shape.width * sin + shape.height * cos;
  const cx = shape.x + shape.width / 2;
  const cy = shape.y + shape.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** A row of equal cells `count` wide, centred in `width`. */
function row(count: number, cell: number, gap: number, width: number): number[] {
  const total = count * cell + (count - 1) * gap;
  const start = (width - total) / 2;
  return Array.from({ length: count }, (_, i) => start + i * (cell + gap));
}

// Mask-built templates use the A-series ratio (1 : 1.414) of the print sizes; template 1 is the
// template builder's 1080 x 1920 output.
const W = 900;
const H = 1273;

function postStyle(): TemplateLayout {
  return {
    number: 1,
    width: 1080,
    height: 1920,
    style: 'post',
    title: 'our moments',
    slots: [rect(60, 250, 960, 960), rect(60, 1250, 465, 465), rect(555, 1250, 465, 465)],
  };
}

function studioGrid(): TemplateLayout {
  const xs = row(3, 240, 30, W);
  const ys = [180, 530, 880];
  return {
    number: 3,
    width: W,
    height: H,
    style: 'studio',
    title: 'STUDIO',
    slots: ys.flatMap((y) => xs.map((x) => rect(x, y, 240, 320))),
  };
}

function hangingPolaroids(): TemplateLayout {
  const w = 200;
  const h = 267;
  return {
    number: 7,
    width: W,
    height: H,
    style: 'polaroids',
    title: 'memories',
    slots: [
      rect(75, 250, w, h, { rotate: -4 }),
      rect(350, 270, w, h, { rotate: 2 }),
      rect(625, 250, w, h, { rotate: 5 }),
      rect(200, 750, w, h, { rotate: 3 }),
      rect(500, 760, w, h, { rotate: -3 }),
    ],
  };
}

function filmStrip(): TemplateLayout {
  const w = 300;
  const h = 225;
  const left = Array.from({ length: 4 }, (_, i) => rect(105, 190 + i * (h + 30), w, h));
  const right = Array.from({ length: 3 }, (_, i) => rect(495, 330 + i * (h + 30), w, h));
  // Reading order runs across the two strips, frame by frame down the page.
  const slots = [...left, ...right].sort((a, b) => a.y - b.y);
  return { number: 12, width: W, height: H, style: 'film', title: 'FILM 400', slots };
}

function creativeGrid(): TemplateLayout {
  const x0 = 52;
  return {
    number: 15,
    width: W,
    height: H,
    style: 'creative',
    title: 'creative',
    slots: [
      rect(x0, 180, 520, 390),
      rect(x0 + 545, 180, 250, 182),
      rect(x0 + 545, 388, 250, 182),
      rect(x0, 600, 385, 289),
      rect(x0 + 410, 600, 385, 289),
      ...row(3, 250, 22, W).map((x) => rect(x, 920, 250, 188)),
    ],
  };
}

function diamondGrid(): TemplateLayout {
  // A 3 x 3 grid turned 45°: rows of 1, 2, 3, 2, 1 diamonds.
  const half = 120;
  const step = half + 22;
  const cx = W / 2;
  const cy = 700;
  const rows = [1, 2, 3, 2, 1];
  return {
    number: 16,
    width: W,
    height: H,
    style: 'diamond',
    title: 'DIAMOND',
    slots: rows.flatMap((count, r) =>
      Array.from({ length: count }, (_, i) => ({
        kind: 'diamond' as const,
        cx: cx + (i - (count - 1) / 2) * step * 2,
        cy: cy + (r - 2) * step,
        half,
      })),
    ),
  };
}

function pinkGrid(): TemplateLayout {
  const w = 180;
  const h = 240;
  const ys = [200, 475, 750];
  const counts = [3, 4, 3];
  return {
    number: 18,
    width: W,
    height: H,
    style: 'pink',
    title: 'pink days',
    slots: counts.flatMap((count, r) =>
      row(count, w, 24, W).map((x) => rect(x, ys[r]!, w, h, { radius: 12 })),
    ),
  };
}

function friendshipStory(): TemplateLayout {
  const xs = row(2, 360, 40, W);
  return {
    number: 21,
    width: W,
    height: H,
    style: 'friendship',
    title: 'best friends',
    slots: [230, 630].flatMap((y) => xs.map((x) => rect(x, y, 360, 360, { radius: 18 }))),
  };
}

function botanical(): TemplateLayout {
  return {
    number: 22,
    width: W,
    height: H,
    style: 'botanical',
    title: 'botanical',
    slots: [
      rect(90, 200, 340, 340),
      rect(470, 280, 340, 340),
      rect(90, 620, 340, 340),
      rect(470, 700, 340, 340),
    ],
  };
}

function mixedLayout(): TemplateLayout {
  // Slot 1 is 16:9, slots 2-3 are 3:4 and slots 4-7 square (spec 2 §9).
  const x0 = 90;
  return {
    number: 30,
    width: W,
    height: H,
    style: 'mixed',
    title: 'mixed',
    slots: [
      rect(x0, 110, 720, 405),
      rect(x0, 540, 350, 467),
      rect(x0 + 370, 540, 350, 467),
      ...row(4, 165, 20, W).map((x) => rect(x, 1032, 165, 165)),
    ],
  };
}

function verticalFilm(): TemplateLayout {
  const w = 720;
  const h = 405;
  return {
    number: 32,
    width: W,
    height: 1600,
    style: 'vertical-film',
    title: 'moments',
    slots: [0, 1, 2].map((i) => rect((W - w) / 2, 160 + i * (h + 60), w, h)),
  };
}

export const TEMPLATE_LAYOUTS: readonly TemplateLayout[] = [
  postStyle(),
  studioGrid(),
  hangingPolaroids(),
  filmStrip(),
  creativeGrid(),
  diamondGrid(),
  pinkGrid(),
  friendshipStory(),
  botanical(),
  mixedLayout(),
  verticalFilm(),
];

export function layoutOf(number: number): TemplateLayout {
  const layout = TEMPLATE_LAYOUTS.find((l) => l.number === number);
  if (!layout) throw new Error(`No layout for template ${number}`);
  return layout;
}
