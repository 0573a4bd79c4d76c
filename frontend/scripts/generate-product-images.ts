// Draws the shop's product pictures (there is no image host here): one picture for every
// `imageUrl` of the catalog, the collage templates, masks and samples, and the home hero. Each is
// an SVG scene rendered by sharp to WebP (photos) or PNG (templates, masks). The output is committed.
//
//   npx tsx frontend/scripts/generate-product-images.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRODUCTS, type Product } from '@printshop/shared-events/rules/catalog';
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const SIZE = 600;

// --- Photo scenes: small landscapes and still lifes, drawn into a w x h box at the origin.
let uid = 0;
const id = (name: string) => `${name}${++uid}`;

type Scene = (w: number, h: number) => string;

const sunset: Scene = (w, h) => {
  const g = id('sky');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff7e79"/><stop offset="0.55" stop-color="#ffb677"/><stop offset="1" stop-color="#ffe29a"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.62}" cy="${h * 0.55}" r="${Math.min(w, h) * 0.16}" fill="#fff3c4"/>
  <path d="M0 ${h * 0.72} L${w * 0.22} ${h * 0.5} L${w * 0.42} ${h * 0.68} L${w * 0.66} ${h * 0.46} L${w} ${h * 0.7} L${w} ${h} L0 ${h}Z" fill="#6b3a5b"/>
  <path d="M0 ${h * 0.82} L${w * 0.3} ${h * 0.66} L${w * 0.55} ${h * 0.8} L${w * 0.8} ${h * 0.64} L${w} ${h * 0.78} L${w} ${h} L0 ${h}Z" fill="#3f2344"/>`;
};

const beach: Scene = (w, h) => {
  const g = id('sea');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fd3f4"/><stop offset="1" stop-color="#d5f2ff"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.25}" cy="${h * 0.28}" r="${Math.min(w, h) * 0.1}" fill="#fff8d6"/>
  <rect y="${h * 0.55}" width="${w}" height="${h * 0.2}" fill="#2f8fd8"/>
  <path d="M0 ${h * 0.6} Q${w * 0.25} ${h * 0.56} ${w * 0.5} ${h * 0.6} T${w} ${h * 0.6}" stroke="#bde7ff" stroke-width="${h * 0.015}" fill="none"/>
  <path d="M0 ${h * 0.74} Q${w * 0.5} ${h * 0.66} ${w} ${h * 0.76} L${w} ${h} L0 ${h}Z" fill="#f3d8a7"/>
  <path d="M${w * 0.78} ${h * 0.82} q${w * 0.02} -${h * 0.3} -${w * 0.08} -${h * 0.38}" stroke="#7a5230" stroke-width="${w * 0.018}" fill="none"/>
  <path d="M${w * 0.7} ${h * 0.44} q${w * 0.1} -${h * 0.08} ${w * 0.2} ${h * 0.02} M${w * 0.7} ${h * 0.44} q-${w * 0.1} -${h * 0.05} -${w * 0.16} ${h * 0.06} M${w * 0.7} ${h * 0.44} q${w * 0.02} -${h * 0.1} ${w * 0.1} -${h * 0.1}" stroke="#2e8b57" stroke-width="${w * 0.03}" fill="none" stroke-linecap="round"/>`;
};

const forest: Scene = (w, h) => {
  const g = id('mist');
  const trees = Array.from({ length: 7 }, (_, i) => {
    const x = (i + 0.5) * (w / 7);
    const top = h * (0.3 + ((i * 37) % 20) / 100);
    return `<path d="M${x} ${top} L${x + w * 0.09} ${h * 0.8} L${x - w * 0.09} ${h * 0.8}Z" fill="${i % 2 ? '#1f5f4a' : '#2f7a5c'}"/>`;
  }).join('');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9f0d8"/><stop offset="1" stop-color="#eafbf0"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>${trees}
  <rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#3d6b3f"/>`;
};

const city: Scene = (w, h) => {
  const g = id('night');
  const buildings = Array.from({ length: 8 }, (_, i) => {
    const bw = w / 8;
    const bh = h * (0.25 + ((i * 53) % 35) / 100);
    const x = i * bw;
    const windows = Array.from({ length: 6 }, (_, j) =>
      (i + j) % 3 === 0
        ? ''
        : `<rect x="${x + bw * 0.25}" y="${h - bh + 10 + j * (bh / 7)}" width="${bw * 0.18}" height="${bh / 14}" fill="#ffd86b"/>` +
          `<rect x="${x + bw * 0.58}" y="${h - bh + 10 + j * (bh / 7)}" width="${bw * 0.18}" height="${bh / 14}" fill="#ffe9a8"/>`,
    ).join('');
    return `<rect x="${x + 1}" y="${h - bh}" width="${bw - 2}" height="${bh}" fill="${i % 2 ? '#2b2452' : '#3a2f68'}"/>${windows}`;
  }).join('');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#7c3a8a"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.78}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.08}" fill="#fdf6d8"/>${buildings}`;
};

const lavender: Scene = (w, h) => {
  const g = id('dusk');
  const rows = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${w * 0.5} ${h * 0.55} L${-w * 0.2 + i * w * 0.28} ${h} L${-w * 0.1 + i * w * 0.28} ${h}Z" fill="${i % 2 ? '#8e6bbf' : '#a98ad6'}"/>`,
  ).join('');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbc2eb"/><stop offset="1" stop-color="#a6c1ee"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="#6d4f9c"/>${rows}
  <circle cx="${w * 0.3}" cy="${h * 0.32}" r="${Math.min(w, h) * 0.07}" fill="#fff"/>`;
};

const portrait: Scene = (w, h) => {
  const g = id('studio');
  const r = Math.min(w, h);
  return `<defs><radialGradient id="${g}" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#ffe1d0"/><stop offset="1" stop-color="#f3a683"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <ellipse cx="${w * 0.5}" cy="${h + r * 0.05}" rx="${r * 0.42}" ry="${r * 0.38}" fill="#2f4858"/>
  <circle cx="${w * 0.5}" cy="${h * 0.45}" r="${r * 0.2}" fill="#8d5b4c"/>
  <path d="M${w * 0.5 - r * 0.22} ${h * 0.42} q${r * 0.22} -${r * 0.34} ${r * 0.44} 0 q-${r * 0.04} -${r * 0.12} -${r * 0.22} -${r * 0.14} q-${r * 0.2} ${r * 0.02} -${r * 0.22} ${r * 0.14}Z" fill="#3b2a28"/>`;
};

const flowers: Scene = (w, h) => {
  const r = Math.min(w, h);
  const blooms = Array.from({ length: 9 }, (_, i) => {
    const cx = (((i * 41) % 100) / 100) * w;
    const cy = (((i * 67 + 13) % 100) / 100) * h;
    const s = r * (0.07 + (i % 3) * 0.025);
    const petal = i % 2 ? '#ff8fab' : '#ffc6d9';
    const petals = Array.from({ length: 5 }, (_, k) => {
      const a = (k / 5) * Math.PI * 2;
      return `<circle cx="${cx + Math.cos(a) * s}" cy="${cy + Math.sin(a) * s}" r="${s * 0.75}" fill="${petal}"/>`;
    }).join('');
    return `${petals}<circle cx="${cx}" cy="${cy}" r="${s * 0.55}" fill="#ffd166"/>`;
  }).join('');
  return `<rect width="${w}" height="${h}" fill="#fde2e4"/>${blooms}`;
};

const desert: Scene = (w, h) => {
  const g = id('heat');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd194"/><stop offset="1" stop-color="#fff1d6"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.7}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.12}" fill="#ff9f43"/>
  <path d="M0 ${h * 0.7} Q${w * 0.3} ${h * 0.5} ${w * 0.6} ${h * 0.68} T${w} ${h * 0.62} L${w} ${h} L0 ${h}Z" fill="#e58e4b"/>
  <path d="M0 ${h * 0.85} Q${w * 0.4} ${h * 0.68} ${w} ${h * 0.86} L${w} ${h} L0 ${h}Z" fill="#c8693a"/>`;
};

const SCENES: Scene[] = [sunset, beach, forest, city, lavender, portrait, flowers, desert];
const sceneAt = (i: number) => SCENES[((i % SCENES.length) + SCENES.length) % SCENES.length]!;

/** A scene clipped into a box at (x, y). */
function photo(x: number, y: number, w: number, h: number, scene: Scene): string {
  const clip = id('clip');
  return `<defs><clipPath id="${clip}"><rect width="${w}" height="${h}"/></clipPath></defs>
  <g transform="translate(${x} ${y})" clip-path="url(#${clip})">${scene(w, h)}</g>`;
}

const shadow = (x: number, y: number, w: number, h: number, rx = 6) =>
  `<rect x="${x + 6}" y="${y + 10}" width="${w}" height="${h}" rx="${rx}" fill="#1d1a2b" opacity="0.22" filter="url(#soft)"/>`;

const frame = (body: string, background = '#f4efe8') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  <radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${body}</svg>`;

const text = (
  x: number,
  y: number,
  size: number,
  content: string,
  fill = '#1d1a2b',
  weight = 700,
  family = 'DejaVu Sans, sans-serif',
) =>
  `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${content}</text>`;

/** A polaroid-style card: frame colour, photo window (w x h), wider bottom margin. */
function polaroid(
  cx: number,
  cy: number,
  w: number,
  h: number,
  angle: number,
  colour: string,
  scene: Scene,
): string {
  const pad = w * 0.07;
  const cw = w + pad * 2;
  const ch = h + pad + w * 0.28;
  const x = cx - cw / 2;
  const y = cy - ch / 2;
  return `<g transform="rotate(${angle} ${cx} ${cy})">${shadow(x, y, cw, ch, 4)}
  <rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="4" fill="${colour}"/>
  ${photo(x + pad, y + pad, w, h, scene)}</g>`;
}

function print(
  cx: number,
  cy: number,
  w: number,
  h: number,
  angle: number,
  scene: Scene,
  border = 10,
): string {
  const x = cx - w / 2;
  const y = cy - h / 2;
  return `<g transform="rotate(${angle} ${cx} ${cy})">${shadow(x, y, w, h, 3)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#fff"/>
  ${photo(x + border, y + border, w - border * 2, h - border * 2, scene)}</g>`;
}

function filmStrip(
  cx: number,
  cy: number,
  frames: number,
  frameW: number,
  angle: number,
  seed: number,
): string {
  const hole = frameW * 0.08;
  const side = frameW * 0.2;
  const frameH = frameW * (2 / 3);
  const gap = frameW * 0.08;
  const w = frameW + side * 2;
  const h = frames * (frameH + gap) + gap;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const holes = Array.from({ length: Math.floor(h / (hole * 2.2)) }, (_, i) => {
    const hy = y + hole + i * hole * 2.2;
    return `<rect x="${x + side * 0.3}" y="${hy}" width="${hole}" height="${hole * 1.2}" rx="2" fill="#f4efe8"/><rect x="${x + w - side * 0.3 - hole}" y="${hy}" width="${hole}" height="${hole * 1.2}" rx="2" fill="#f4efe8"/>`;
  }).join('');
  const shots = Array.from({ length: frames }, (_, i) =>
    photo(x + side, y + gap + i * (frameH + gap), frameW, frameH, sceneAt(seed + i)),
  ).join('');
  return `<g transform="rotate(${angle} ${cx} ${cy})">${shadow(x, y, w, h, 2)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#17151f"/>${holes}${shots}</g>`;
}

function photoStrip(
  cx: number,
  cy: number,
  slots: number,
  angle: number,
  colour: string,
  seed: number,
  caption?: { text: string; colour: string },
  decoration = '',
): string {
  const w = 150;
  const pad = 12;
  const ph = (w - pad * 2) * 0.75;
  const captionH = caption ? 56 : 24;
  const h = pad + slots * (ph + pad) + captionH;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const shots = Array.from({ length: slots }, (_, i) =>
    photo(x + pad, y + pad + i * (ph + pad), w - pad * 2, ph, sceneAt(seed + i)),
  ).join('');
  const label = caption
    ? text(cx, y + h - 20, 17, caption.text, caption.colour, 700, 'DejaVu Serif, serif')
    : '';
  return `<g transform="rotate(${angle} ${cx} ${cy})">${shadow(x, y, w, h, 3)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="${colour}"/>${shots}${label}${decoration}</g>`;
}

const heart = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y + s * 0.3} C${x} ${y} ${x - s * 0.5} ${y} ${x - s * 0.5} ${y + s * 0.3} C${x - s * 0.5} ${y + s * 0.6} ${x} ${y + s * 0.8} ${x} ${y + s} C${x} ${y + s * 0.8} ${x + s * 0.5} ${y + s * 0.6} ${x + s * 0.5} ${y + s * 0.3} C${x + s * 0.5} ${y} ${x} ${y} ${x} ${y + s * 0.3}Z" fill="${fill}"/>`;

function poster(label: string, w: number, h: number, seed: number): string {
  const cx = SIZE / 2;
  const cy = SIZE / 2 - 10;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const mat = 14;
  return `<rect width="${SIZE}" height="${SIZE * 0.78}" fill="#efe6da"/><rect y="${SIZE * 0.78}" width="${SIZE}" height="${SIZE * 0.22}" fill="#c9a27e"/>
  ${shadow(x - 8, y - 8, w + 16, h + 16, 2)}
  <rect x="${x - 8}" y="${y - 8}" width="${w + 16}" height="${h + 16}" fill="#2b2730"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff"/>
  ${photo(x + mat, y + mat, w - mat * 2, h - mat * 2, sceneAt(seed))}
  <rect x="${SIZE - 130}" y="${SIZE - 70}" width="100" height="36" rx="18" fill="#e0533d"/>${text(SIZE - 80, SIZE - 45, 17, label, '#fff')}`;
}

function card(landscape: boolean): string {
  const w = landscape ? 360 : 260;
  const h = landscape ? 260 : 360;
  const cx = SIZE / 2 + 20;
  const cy = SIZE / 2;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const back = landscape
    ? `<g transform="rotate(-8 ${cx} ${cy})"><rect x="${x - 30}" y="${y + 10}" width="${w}" height="${h}" rx="4" fill="#f7d6c9"/></g>`
    : `<g transform="rotate(-8 ${cx} ${cy})"><rect x="${x - 40}" y="${y + 6}" width="${w}" height="${h}" rx="4" fill="#f7d6c9"/></g>`;
  const photoH = landscape ? h * 0.66 : h * 0.62;
  return `${back}${shadow(x, y, w, h, 4)}<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#fffdf8"/>
  ${photo(x + 16, y + 16, w - 32, photoH, landscape ? beach : flowers)}
  ${text(cx, y + 16 + photoH + (h - photoH - 16) / 2 + 10, landscape ? 24 : 22, 'Happy Birthday', '#b93c28', 700, 'DejaVu Serif, serif')}
  <rect x="${x + 20}" y="${SIZE - 90}" width="150" height="34" rx="17" fill="#2f6f6a"/>${text(x + 95, SIZE - 67, 15, landscape ? 'Landscape 7x5' : 'Portrait 5x7', '#fff')}`;
}

/** The picture of one catalog product. */
function productPicture(product: Product, index: number): string {
  const sku = product.sku;
  const colour = product.colour === 'black' ? '#1b1a1f' : '#ffffff';
  switch (product.family) {
    case 'retro-prints': {
      if (sku.startsWith('SQUARE')) {
        const s = sku.includes('4') ? 250 : 200;
        return frame(
          print(230, 250, s, s, -8, sceneAt(index + 2), 12) +
            print(360, 330, s, s, 6, sceneAt(index + 5), 12) +
            `<rect x="40" y="510" width="140" height="38" rx="19" fill="#1d1a2b"/>${text(110, 535, 17, sku.includes('4') ? '4 x 4 in' : '3 x 3 in', '#fff')}`,
        );
      }
      if (sku.startsWith('WIDE')) {
        return frame(
          polaroid(250, 240, 300, 200, -6, colour, sceneAt(index)) +
            polaroid(360, 380, 300, 200, 5, colour, sceneAt(index + 3)),
          '#e9e2f5',
        );
      }
      if (sku.startsWith('MINI')) {
        return frame(
          polaroid(190, 300, 150, 200, -10, colour, sceneAt(index + 1)) +
            polaroid(300, 280, 150, 200, 2, colour, sceneAt(index + 4)) +
            polaroid(410, 310, 150, 200, 11, colour, sceneAt(index + 6)),
          product.colour === 'black' ? '#dcd6e6' : '#fbe3d6',
        );
      }
      return frame(
        polaroid(240, 270, 250, 250, -7, colour, sceneAt(index)) +
          polaroid(370, 330, 250, 250, 6, colour, sceneAt(index + 2)),
        product.colour === 'black' ? '#dcd6e6' : '#fde8dc',
      );
    }
    case 'standard-prints': {
      const [w, h, label] = sku.startsWith('4X6')
        ? [220, 330, '4 x 6 in']
        : sku.startsWith('5X7')
          ? [240, 336, '5 x 7 in']
          : [264, 330, '8 x 10 in'];
      return frame(
        print(240, 290, w, h, -6, sceneAt(index + 1)) +
          print(360, 300, w, h, 5, sceneAt(index + 4)) +
          `<rect x="40" y="520" width="150" height="38" rx="19" fill="#1d1a2b"/>${text(115, 545, 17, label, '#fff')}`,
      );
    }
    case 'film-strips':
      return sku === 'FILMSTRIPPHOTO'
        ? frame(filmStrip(300, 300, 4, 170, -4, index), '#e6eef7')
        : frame(
            filmStrip(220, 300, 4, 150, -8, index) + filmStrip(390, 300, 4, 150, 6, index + 3),
            '#e6eef7',
          );
    case 'photo-strips': {
      const seed = index;
      const strips: Record<string, () => string> = {
        PHOTOSTRIPGOODVIBES: () =>
          photoStrip(300, 300, 3, -4, '#fff6cc', seed, { text: 'good vibes', colour: '#e0533d' }),
        PHOTOSTRIPMYBOYFRIEND: () =>
          photoStrip(300, 300, 3, 4, '#ffffff', seed, { text: 'my boyfriend', colour: '#1d1a2b' }),
        PHOTOSTRIPPINKHEARTS: () =>
          photoStrip(
            300,
            300,
            3,
            -3,
            '#ffc8dd',
            seed,
            { text: '♥ ♥ ♥', colour: '#d6336c' },
            heart(245, 160, 26, '#ff5d8f') + heart(360, 420, 22, '#ff5d8f'),
          ),
        PHOTOSTRIPFILMSTYLE: () =>
          photoStrip(300, 300, 3, 3, '#1b1a1f', seed, { text: 'FILM 400', colour: '#ffd166' }),
        PHOTOSTRIPMINIMALIST: () =>
          photoStrip(300, 300, 3, -2, '#f8f8f8', seed, { text: '— 2024 —', colour: '#888' }),
      };
      const draw =
        strips[sku] ??
        (() => photoStrip(240, 300, 4, -6, colour, seed) + photoStrip(370, 300, 4, 5, colour, seed + 4));
      return frame(draw(), '#f6e9f2');
    }
    case 'posters': {
      const [w, h, label] =
        sku === 'POSTERA4' ? [240, 340, 'A4'] : sku === 'POSTERA3' ? [280, 396, 'A3'] : [260, 390, '12x18'];
      return frame(poster(label, w, h, index));
    }
    case 'greeting-cards':
      return frame(card(sku.includes('LANDSCAPE')), '#fbe7d8');
    case 'collages':
      return collageSample(product.collage!, SIZE, SIZE);
  }
}

// --- Collage layouts: N zones on a portrait canvas (templates are 9:16 like the builder's output).
interface Zone {
  x: number;
  y: number;
  w: number;
  h: number;
}

function zonesFor(slots: number, w: number, h: number): Zone[] {
  const cols = slots <= 3 ? 1 : slots <= 8 ? 2 : 3;
  const rows = Math.ceil(slots / cols);
  const margin = w * 0.06;
  const gap = w * 0.035;
  const top = h * 0.12;
  const cellW = (w - margin * 2 - gap * (cols - 1)) / cols;
  const cellH = (h - top - margin - gap * (rows - 1)) / rows;
  return Array.from({ length: slots }, (_, i) => {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, slots - row * cols);
    const col = i % cols;
    const offset = ((cols - inRow) * (cellW + gap)) / 2; // centres a short last row
    return { x: margin + offset + col * (cellW + gap), y: top + row * (cellH + gap), w: cellW, h: cellH };
  });
}

function collageSample(t: CollageTemplate, w: number, h: number): string {
  const zones = zonesFor(t.slots, w * 0.62, h * 0.92);
  const ox = w * 0.19;
  const oy = h * 0.04;
  const body = zones.map((z, i) => photo(ox + z.x, oy + z.y, z.w, z.h, sceneAt(t.number + i))).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter></defs>
  <rect width="${w}" height="${h}" fill="#f1ebf7"/>${shadow(ox, oy, w * 0.62, h * 0.92, 4)}
  <rect x="${ox}" y="${oy}" width="${w * 0.62}" height="${h * 0.92}" rx="4" fill="#fffdf8"/>
  ${text(w / 2, oy + h * 0.075, 20, t.name.split(' - ')[0]!.slice(0, 26), '#1d1a2b', 700, 'DejaVu Serif, serif')}${body}</svg>`;
}

function hero(): string {
  const W = 720;
  const H = 640;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  <linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde8dc"/><stop offset="1" stop-color="#f6d2c2"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#table)"/>
  <circle cx="${W * 0.85}" cy="${H * 0.15}" r="120" fill="#ffffff" opacity="0.35"/>
  ${filmStrip(120, 330, 4, 120, -10, 3)}
  ${polaroid(330, 230, 190, 190, -8, '#ffffff', sunset)}
  ${polaroid(520, 260, 170, 170, 9, '#1b1a1f', city)}
  ${print(420, 470, 220, 160, -3, beach)}
  ${polaroid(250, 480, 140, 180, 6, '#ffffff', portrait)}
  ${photoStrip(618, 440, 3, 8, '#fff6cc', 5, { text: 'good vibes', colour: '#e0533d' })}</svg>`;
}

async function write(file: string, svg: string, format: 'webp' | 'png'): Promise<void> {
  const target = path.join(publicDir, file.replace(/^\//, ''));
  mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg));
  const data =
    format === 'webp'
      ? await image.webp({ quality: 78, effort: 6 }).toBuffer()
      : await image.png({ compressionLevel: 9, palette: true }).toBuffer();
  writeFileSync(target, data);
  console.log(`${file} ${(data.length / 1024).toFixed(1)} KB`);
}

const formatOf = (file: string) => (file.endsWith('.png') ? 'png' : 'webp');

const done = new Set<string>();
for (const [index, product] of PRODUCTS.entries()) {
  if (done.has(product.imageUrl)) continue;
  done.add(product.imageUrl);
  await write(product.imageUrl, productPicture(product, index), formatOf(product.imageUrl));
}
// Collage templates, masks and samples come from make-collage-templates.ts (their slots are
// what the zone detector finds); this script must not overwrite them.
await write('/images/hero.webp', hero(), 'webp');
