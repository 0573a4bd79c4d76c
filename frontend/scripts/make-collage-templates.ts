// Draws the collage templates of spec 2 §2 (there is no designer's artwork here): for every template
// of the catalog, template{N}.png (a decorated page with each photo slot painted in its flat slot
// colour and numbered), mask{N}.png (white slots on black, mask-built templates only) and
// sample{N}.webp (the template filled with photo-like scenes). The slots come from
// src/features/collages/templates/layouts.ts, the same table the editor and its tests use.
// Output goes to public/images/products/ and is committed.
//
//   npx tsx frontend/scripts/make-collage-templates.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { COLLAGE_TEMPLATES, type CollageTemplate } from '@printshop/shared-events/rules/collages';
import {
  layoutOf,
  slotBounds,
  type SlotShape,
  type TemplateLayout,
} from '../src/features/collages/templates/layouts';
import { paletteHex } from '../src/features/collages/templates/zone-palette';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const SAMPLE_WIDTH = 600;

const FONT = 'DejaVu Sans, sans-serif';
const SERIF = 'DejaVu Serif, serif';

/** Centred bold text; `extra` may override the font family (serif) and add attributes. */
const text = (x: number, y: number, size: number, content: string, fill: string, extra = '') => {
  const family = extra.includes('font-family') ? '' : `font-family="${FONT}" `;
  return `<text x="${x}" y="${y}" ${family}font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle" ${extra}>${content}</text>`;
};

/** The SVG outline of a slot, filled as given. */
function slotPath(shape: SlotShape, fill: string, extra = ''): string {
  if (shape.kind === 'diamond') {
    const { cx, cy, half } = shape;
    return `<path d="M${cx} ${cy - half} L${cx + half} ${cy} L${cx} ${cy + half} L${cx - half} ${cy}Z" fill="${fill}" ${extra}/>`;
  }
  const { x, y, width, height, radius = 0, rotate = 0 } = shape;
  const transform = rotate ? ` transform="rotate(${rotate} ${x + width / 2} ${y + height / 2})"` : '';
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"${transform} fill="${fill}" ${extra}/>`;
}

// --- Photo-like scenes for the samples, drawn into a w x h box at the origin.
let uid = 0;
const nextId = (name: string) => `${name}${++uid}`;
type Scene = (w: number, h: number) => string;

const gradient = (top: string, bottom: string) => {
  const id = nextId('g');
  return {
    id,
    defs: `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  };
};

const SCENES: Scene[] = [
  (w, h) => {
    const sky = gradient('#ff8a80', '#ffe0a3');
    return `<defs>${sky.defs}</defs><rect width="${w}" height="${h}" fill="url(#${sky.id})"/>
    <circle cx="${w * 0.6}" cy="${h * 0.55}" r="${Math.min(w, h) * 0.18}" fill="#fff4cc"/>
    <path d="M0 ${h * 0.75} L${w * 0.3} ${h * 0.52} L${w * 0.55} ${h * 0.7} L${w * 0.8} ${h * 0.5} L${w} ${h * 0.68} V${h} H0Z" fill="#5d3756"/>`;
  },
  (w, h) => {
    const sky = gradient('#8fd3f4', '#e0f6ff');
    return `<defs>${sky.defs}</defs><rect width="${w}" height="${h}" fill="url(#${sky.id})"/>
    <rect y="${h * 0.55}" width="${w}" height="${h * 0.2}" fill="#2a7fc9"/>
    <path d="M0 ${h * 0.75} Q${w * 0.5} ${h * 0.66} ${w} ${h * 0.78} V${h} H0Z" fill="#f1d6a2"/>`;
  },
  (w, h) => {
    const sky = gradient('#c9f0d8', '#f2fff6');
    const trees = Array.from({ length: 6 }, (_, i) => {
      const x = (i + 0.5) * (w / 6);
      return `<path d="M${x} ${h * (0.28 + (i % 3) * 0.06)} L${x + w * 0.1} ${h * 0.82} L${x - w * 0.1} ${h * 0.82}Z" fill="${i % 2 ? '#1f5f4a' : '#2f7a5c'}"/>`;
    }).join('');
    return `<defs>${sky.defs}</defs><rect width="${w}" height="${h}" fill="url(#${sky.id})"/>${trees}<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#3d6b3f"/>`;
  },
  (w, h) => {
    const sky = gradient('#1e1b4b', '#7c3a8a');
    const blocks = Array.from({ length: 7 }, (_, i) => {
      const bh = h * (0.3 + ((i * 37) % 30) / 100);
      return `<rect x="${(i * w) / 7 + 2}" y="${h - bh}" width="${w / 7 - 4}" height="${bh}" fill="${i % 2 ? '#2b2452' : '#3a2f68'}"/>`;
    }).join('');
    return `<defs>${sky.defs}</defs><rect width="${w}" height="${h}" fill="url(#${sky.id})"/><circle cx="${w * 0.78}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.09}" fill="#fdf6d8"/>${blocks}`;
  },
  (w, h) => {
    const bg = gradient('#ffe1d0', '#f3a683');
    const r = Math.min(w, h);
    return `<defs>${bg.defs}</defs><rect width="${w}" height="${h}" fill="url(#${bg.id})"/>
    <ellipse cx="${w / 2}" cy="${h + r * 0.08}" rx="${r * 0.42}" ry="${r * 0.4}" fill="#2f4858"/>
    <circle cx="${w / 2}" cy="${h * 0.46}" r="${r * 0.2}" fill="#8d5b4c"/>`;
  },
  (w, h) => {
    const r = Math.min(w, h);
    const blooms = Array.from({ length: 7 }, (_, i) => {
      const cx = (((i * 41 + 10) % 100) / 100) * w;
      const cy = (((i * 67 + 13) % 100) / 100) * h;
      return `<circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="${i % 2 ? '#ff8fab' : '#ffc6d9'}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.05}" fill="#ffd166"/>`;
    }).join('');
    return `<rect width="${w}" height="${h}" fill="#fde2e4"/>${blooms}`;
  },
];

/** A scene clipped to a slot's outline. */
function photoInSlot(shape: SlotShape, index: number): string {
  const box = slotBounds(shape);
  const clip = nextId('clip');
  return `<defs><clipPath id="${clip}">${slotPath(shape, '#000')}</clipPath></defs>
  <g clip-path="url(#${clip})"><g transform="translate(${box.x} ${box.y})">${SCENES[index % SCENES.length]!(box.width, box.height)}</g></g>`;
}

/** The slot colour with its number, for the template picture. */
function markedSlot(shape: SlotShape, index: number): string {
  const box = slotBounds(shape);
  const size = Math.round(Math.min(box.width, box.height) * 0.28);
  return `${slotPath(shape, paletteHex(index))}${text(box.x + box.width / 2, box.y + box.height / 2 + size * 0.36, size, String(index + 1), '#ffffff')}`;
}

// --- Decoration behind and around the slots, per style. `front` is drawn over the slots' frames.
interface Decoration {
  background: string;
  /** Drawn under the slots (frames, strips). */
  under?: string;
  /** Drawn over everything (captions outside the slots). */
  over?: string;
}

const leaf = (cx: number, cy: number, length: number, angle: number, fill: string) =>
  `<g transform="rotate(${angle} ${cx} ${cy})"><ellipse cx="${cx}" cy="${cy}" rx="${length / 2}" ry="${length / 5}" fill="${fill}"/><path d="M${cx - length / 2} ${cy} H${cx + length / 2}" stroke="#e8efe4" stroke-width="2"/></g>`;

const heartShape = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y + s * 0.3} C${x} ${y} ${x - s * 0.5} ${y} ${x - s * 0.5} ${y + s * 0.3} C${x - s * 0.5} ${y + s * 0.6} ${x} ${y + s * 0.8} ${x} ${y + s} C${x} ${y + s * 0.8} ${x + s * 0.5} ${y + s * 0.6} ${x + s * 0.5} ${y + s * 0.3} C${x + s * 0.5} ${y} ${x} ${y} ${x} ${y + s * 0.3}Z" fill="${fill}"/>`;

const sprockets = (x: number, y: number, height: number, gap: number) =>
  Array.from(
    { length: Math.floor(height / gap) },
    (_, i) => `<rect x="${x}" y="${y + 10 + i * gap}" width="16" height="22" rx="4" fill="#f4efe8"/>`,
  ).join('');

function decoration(layout: TemplateLayout): Decoration {
  const { width: w, height: h, slots } = layout;
  const boxes = slots.map(slotBounds);
  switch (layout.style) {
    case 'post': {
      const bg = gradient('#fdf2f8', '#ffffff');
      return {
        background: `<defs>${bg.defs}</defs><rect width="${w}" height="${h}" fill="url(#${bg.id})"/>
        <circle cx="120" cy="140" r="58" fill="#f9c6d3"/><circle cx="120" cy="140" r="46" fill="#fde7ee"/>
        <rect x="200" y="110" width="300" height="26" rx="13" fill="#2d2a32"/><rect x="200" y="150" width="190" height="18" rx="9" fill="#b9b4c2"/>
        <circle cx="930" cy="140" r="9" fill="#2d2a32"/><circle cx="960" cy="140" r="9" fill="#2d2a32"/><circle cx="990" cy="140" r="9" fill="#2d2a32"/>
        ${heartShape(100, 1755, 60, '#ff5d8f')}
        <path d="M190 1770 h60 a12 12 0 0 1 12 12 v30 a12 12 0 0 1 -12 12 h-40 l-20 16 v-16 a12 12 0 0 1 -12 -12 v-30 a12 12 0 0 1 12 -12z" fill="none" stroke="#2d2a32" stroke-width="7"/>
        <path d="M300 1765 l70 25 l-70 25 l12 -25z" fill="none" stroke="#2d2a32" stroke-width="7" stroke-linejoin="round"/>
        <rect x="60" y="1850" width="620" height="20" rx="10" fill="#d8d3df"/><rect x="60" y="1885" width="420" height="20" rx="10" fill="#e6e2eb"/>`,
        over: text(w / 2, 70, 40, layout.title, '#2d2a32', `font-family="${SERIF}" font-style="italic"`),
      };
    }
    case 'studio':
      return {
        background: `<rect width="${w}" height="${h}" fill="#26252b"/><rect x="24" y="24" width="${w - 48}" height="${h - 48}" fill="none" stroke="#8c8896" stroke-width="2"/>
        ${text(w / 2, 120, 64, layout.title, '#f2efe9', 'letter-spacing="24"')}
        ${boxes.map((b, i) => text(b.x + 18, b.y + b.height + 22, 16, String(i + 1).padStart(2, '0'), '#8c8896')).join('')}
        ${text(w / 2, h - 50, 20, 'contact sheet · portraits', '#8c8896')}`,
      };
    case 'polaroids': {
      const frames = slots
        .map((s) => {
          if (s.kind !== 'rect') return '';
          const pad = 16;
          const frame = {
            ...s,
            x: s.x - pad,
            y: s.y - pad,
            width: s.width + pad * 2,
            height: s.height + pad + 70,
            radius: 4,
          };
          return slotPath(frame, '#fffdf8', 'stroke="#d9cfc2" stroke-width="2"');
        })
        .join('');
      const clips = boxes
        .map(
          (b) =>
            `<rect x="${b.x + b.width / 2 - 12}" y="${b.y - 44}" width="24" height="40" rx="4" fill="#b07a4f"/>`,
        )
        .join('');
      const lights = Array.from(
        { length: 16 },
        (_, i) => `<circle cx="${30 + i * 56}" cy="${i % 2 ? 96 : 110}" r="9" fill="#ffe08a"/>`,
      ).join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#efe4d6"/>
        <path d="M0 200 Q${w / 2} 260 ${w} 200" stroke="#6b4f3a" stroke-width="4" fill="none"/>
        <path d="M0 700 Q${w / 2} 760 ${w} 700" stroke="#6b4f3a" stroke-width="4" fill="none"/>${lights}`,
        under: frames + clips,
        over: text(w / 2, 1200, 56, layout.title, '#6b4f3a', `font-family="${SERIF}" font-style="italic"`),
      };
    }
    case 'film': {
      const strip = (x0: number, x1: number, y0: number, y1: number) =>
        `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="#17151f"/>${sprockets(x0 + 12, y0, y1 - y0, 40)}${sprockets(x1 - 28, y0, y1 - y0, 40)}`;
      return {
        background: `<rect width="${w}" height="${h}" fill="#ece6dc"/>${text(w / 2, 110, 54, layout.title, '#17151f', 'letter-spacing="10"')}`,
        under: strip(60, 450, 160, 1210) + strip(450, 840, 300, 1095),
      };
    }
    case 'creative': {
      const confetti = Array.from({ length: 40 }, (_, i) => {
        const x = (i * 97) % w;
        const y = (i * 211) % h;
        return `<rect x="${x}" y="${y}" width="14" height="14" rx="3" transform="rotate(${i * 23} ${x + 7} ${y + 7})" fill="${['#ffd6a5', '#caffbf', '#bdb2ff', '#ffc6ff'][i % 4]}"/>`;
      }).join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#fffaf0"/>${confetti}${text(w / 2, 120, 60, layout.title, '#3d3a4b', `font-family="${SERIF}"`)}`,
        over: text(w / 2, 1200, 24, 'made with love', '#8a8696'),
      };
    }
    case 'diamond': {
      const lattice = Array.from({ length: 14 }, (_, i) => {
        const o = i * 130 - 400;
        return `<path d="M${o} 0 L${o + h} ${h}" stroke="#c9a96e" stroke-width="1.5" opacity="0.5"/><path d="M${o + h} 0 L${o} ${h}" stroke="#c9a96e" stroke-width="1.5" opacity="0.5"/>`;
      }).join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#1c2541"/>${lattice}${text(w / 2, 150, 60, layout.title, '#e9d8a6', 'letter-spacing="14"')}`,
        under: slots
          .map((s) => (s.kind === 'diamond' ? slotPath({ ...s, half: s.half + 10 }, '#e9d8a6') : ''))
          .join(''),
        over: text(w / 2, 1190, 22, '· nine moments ·', '#e9d8a6'),
      };
    }
    case 'pink': {
      const hearts = Array.from({ length: 30 }, (_, i) =>
        heartShape((i * 131) % w, (i * 173) % h, 28, '#ffb3c7'),
      ).join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#ffe3ec"/>${hearts}${text(w / 2, 130, 64, layout.title, '#c9184a', `font-family="${SERIF}" font-style="italic"`)}`,
        under: boxes
          .map(
            (b) =>
              `<rect x="${b.x - 8}" y="${b.y - 8}" width="${b.width + 16}" height="${b.height + 16}" rx="16" fill="#ffffff"/>`,
          )
          .join(''),
        over: text(w / 2, 1120, 26, 'xoxo', '#c9184a'),
      };
    }
    case 'friendship': {
      const stars = Array.from({ length: 18 }, (_, i) =>
        text((i * 149) % w, 40 + ((i * 89) % h), 30, '✦', '#b8a1e3'),
      ).join('');
      const captions = ['day one', 'adventures', 'laughs', 'forever'];
      return {
        background: `<rect width="${w}" height="${h}" fill="#f3edff"/>${stars}${text(w / 2, 150, 66, layout.title, '#5a3e8c', `font-family="${SERIF}" font-style="italic"`)}`,
        over: boxes
          .map((b, i) => text(b.x + b.width / 2, b.y + b.height + 30, 22, captions[i] ?? '', '#5a3e8c'))
          .join(''),
      };
    }
    case 'botanical': {
      const leaves = [
        leaf(60, 120, 150, 30, '#7fa37a'),
        leaf(840, 160, 170, -35, '#5e8a5a'),
        leaf(470, 150, 120, 80, '#7fa37a'),
        leaf(450, 600, 110, 10, '#5e8a5a'),
        leaf(60, 1100, 180, -20, '#5e8a5a'),
        leaf(830, 1120, 160, 25, '#7fa37a'),
        leaf(450, 1150, 140, -70, '#7fa37a'),
      ].join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#e8efe4"/>${leaves}`,
        under: boxes
          .map(
            (b) =>
              `<rect x="${b.x - 10}" y="${b.y - 10}" width="${b.width + 20}" height="${b.height + 20}" fill="#fbfaf5"/>`,
          )
          .join(''),
        over: text(w / 2, 1230, 40, layout.title, '#3f6340', `font-family="${SERIF}" font-style="italic"`),
      };
    }
    case 'mixed': {
      const lines = Array.from(
        { length: 12 },
        (_, i) => `<path d="M0 ${i * 110} L${w} ${i * 110 + 60}" stroke="#e3e6ee" stroke-width="2"/>`,
      ).join('');
      return {
        background: `<rect width="${w}" height="${h}" fill="#f7f8fb"/>${lines}${text(w / 2, 80, 48, layout.title, '#2b3044', 'letter-spacing="8"')}`,
        over: text(w / 2, 1245, 20, 'seven moments', '#8a90a6'),
      };
    }
    case 'vertical-film': {
      const x0 = 60;
      const x1 = w - 60;
      return {
        background: `<rect width="${w}" height="${h}" fill="#f3e9dc"/>${text(w / 2, 110, 56, layout.title, '#2a1f1a', `font-family="${SERIF}" font-style="italic"`)}`,
        under: `<rect x="${x0}" y="140" width="${x1 - x0}" height="1345" fill="#17151f"/>${sprockets(x0 + 14, 140, 1345, 44)}${sprockets(x1 - 30, 140, 1345, 44)}`,
        over: text(w / 2, 1545, 24, '1 · 2 · 3', '#2a1f1a'),
      };
    }
  }
}

function svg(layout: TemplateLayout, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}">${body}</svg>`;
}

function templatePicture(layout: TemplateLayout): string {
  const d = decoration(layout);
  return svg(
    layout,
    `${d.background}${d.under ?? ''}${layout.slots.map(markedSlot).join('')}${d.over ?? ''}`,
  );
}

function samplePicture(layout: TemplateLayout): string {
  const d = decoration(layout);
  const photos = layout.slots.map((slot, i) => photoInSlot(slot, i + layout.number)).join('');
  return svg(layout, `${d.background}${d.under ?? ''}${photos}${d.over ?? ''}`);
}

function maskPicture(layout: TemplateLayout): string {
  return svg(
    layout,
    `<rect width="${layout.width}" height="${layout.height}" fill="#000"/>${layout.slots.map((s) => slotPath(s, '#fff')).join('')}`,
  );
}

async function write(file: string, image: Sharp): Promise<void> {
  const target = path.join(publicDir, file.replace(/^\//, ''));
  mkdirSync(path.dirname(target), { recursive: true });
  const data = await (
    file.endsWith('.webp')
      ? image.webp({ quality: 80, effort: 6 })
      : image.png({ compressionLevel: 9, palette: true, quality: 90, dither: 0 })
  ).toBuffer();
  writeFileSync(target, data);
  console.log(`${file} ${(data.length / 1024).toFixed(1)} KB`);
}

async function makeTemplate(t: CollageTemplate): Promise<void> {
  const layout = layoutOf(t.number);
  if (layout.slots.length !== t.slots) {
    throw new Error(`Template ${t.number}: layout has ${layout.slots.length} slots, catalog says ${t.slots}`);
  }
  await write(t.templatePath, sharp(Buffer.from(templatePicture(layout))));
  if (t.maskPath) await write(t.maskPath, sharp(Buffer.from(maskPicture(layout))).greyscale());
  await write(t.samplePath, sharp(Buffer.from(samplePicture(layout))).resize({ width: SAMPLE_WIDTH }));
}

for (const t of COLLAGE_TEMPLATES) await makeTemplate(t);
