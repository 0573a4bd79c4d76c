// The pieces the product pictures are drawn from, as SVG: a scene clipped into a box, shadows,
// the square frame of a product picture, labels, prints, polaroids, film and photo strips, a framed
// poster and a greeting card.
import { beach, flowers, id, sceneAt, type Scene } from './scenes';

/** The side of a product picture, in pixels. */
export const SIZE = 600;

/** A scene clipped into a box at (x, y). */
export function photo(x: number, y: number, w: number, h: number, scene: Scene): string {
  const clip = id('clip');
  return `<defs><clipPath id="${clip}"><rect width="${w}" height="${h}"/></clipPath></defs>
  <g transform="translate(${x} ${y})" clip-path="url(#${clip})">${scene(w, h)}</g>`;
}

export const shadow = (x: number, y: number, w: number, h: number, rx = 6) =>
  `<rect x="${x + 6}" y="${y + 10}" width="${w}" height="${h}" rx="${rx}" fill="#1d1a2b" opacity="0.22" filter="url(#soft)"/>`;

export const frame = (body: string, background = '#f4efe8') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  <radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${body}</svg>`;

export const text = (
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
export function polaroid(
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

export function print(
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

export function filmStrip(
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

export function photoStrip(
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

export const heart = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y + s * 0.3} C${x} ${y} ${x - s * 0.5} ${y} ${x - s * 0.5} ${y + s * 0.3} C${x - s * 0.5} ${y + s * 0.6} ${x} ${y + s * 0.8} ${x} ${y + s} C${x} ${y + s * 0.8} ${x + s * 0.5} ${y + s * 0.6} ${x + s * 0.5} ${y + s * 0.3} C${x + s * 0.5} ${y} ${x} ${y} ${x} ${y + s * 0.3}Z" fill="${fill}"/>`;

export function poster(label: string, w: number, h: number, seed: number): string {
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

export function card(landscape: boolean): string {
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
