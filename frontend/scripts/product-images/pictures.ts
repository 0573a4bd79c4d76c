// The pictures the script writes: one per catalog product (by its family and sku), the collage
// samples, and the home page's hero.
import type { Product } from '@printshop/shared-events/rules/catalog';
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';
import {
  card,
  filmStrip,
  frame,
  heart,
  photo,
  photoStrip,
  polaroid,
  poster,
  print,
  shadow,
  SIZE,
  text,
} from './drawing';
import { beach, city, portrait, sceneAt, sunset } from './scenes';

/** The picture of one catalog product. */
export function productPicture(product: Product, index: number): string {
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

export function hero(): string {
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
