// Photo scenes of the product pictures: small landscapes and still lifes, drawn into a w x h box at
// the origin as SVG. Each SVG id is numbered in drawing order, so a run draws the same bytes.
let uid = 0;
export const id = (name: string) => `${name}${++uid}`;

export type Scene = (w: number, h: number) => string;

export const sunset: Scene = (w, h) => {
  const g = id('sky');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff7e79"/><stop offset="0.55" stop-color="#ffb677"/><stop offset="1" stop-color="#ffe29a"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.62}" cy="${h * 0.55}" r="${Math.min(w, h) * 0.16}" fill="#fff3c4"/>
  <path d="M0 ${h * 0.72} L${w * 0.22} ${h * 0.5} L${w * 0.42} ${h * 0.68} L${w * 0.66} ${h * 0.46} L${w} ${h * 0.7} L${w} ${h} L0 ${h}Z" fill="#6b3a5b"/>
  <path d="M0 ${h * 0.82} L${w * 0.3} ${h * 0.66} L${w * 0.55} ${h * 0.8} L${w * 0.8} ${h * 0.64} L${w} ${h * 0.78} L${w} ${h} L0 ${h}Z" fill="#3f2344"/>`;
};

export const beach: Scene = (w, h) => {
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

export const forest: Scene = (w, h) => {
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

export const city: Scene = (w, h) => {
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

export const lavender: Scene = (w, h) => {
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

export const portrait: Scene = (w, h) => {
  const g = id('studio');
  const r = Math.min(w, h);
  return `<defs><radialGradient id="${g}" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#ffe1d0"/><stop offset="1" stop-color="#f3a683"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <ellipse cx="${w * 0.5}" cy="${h + r * 0.05}" rx="${r * 0.42}" ry="${r * 0.38}" fill="#2f4858"/>
  <circle cx="${w * 0.5}" cy="${h * 0.45}" r="${r * 0.2}" fill="#8d5b4c"/>
  <path d="M${w * 0.5 - r * 0.22} ${h * 0.42} q${r * 0.22} -${r * 0.34} ${r * 0.44} 0 q-${r * 0.04} -${r * 0.12} -${r * 0.22} -${r * 0.14} q-${r * 0.2} ${r * 0.02} -${r * 0.22} ${r * 0.14}Z" fill="#3b2a28"/>`;
};

export const flowers: Scene = (w, h) => {
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

export const desert: Scene = (w, h) => {
  const g = id('heat');
  return `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd194"/><stop offset="1" stop-color="#fff1d6"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${g})"/>
  <circle cx="${w * 0.7}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.12}" fill="#ff9f43"/>
  <path d="M0 ${h * 0.7} Q${w * 0.3} ${h * 0.5} ${w * 0.6} ${h * 0.68} T${w} ${h * 0.62} L${w} ${h} L0 ${h}Z" fill="#e58e4b"/>
  <path d="M0 ${h * 0.85} Q${w * 0.4} ${h * 0.68} ${w} ${h * 0.86} L${w} ${h} L0 ${h}Z" fill="#c8693a"/>`;
};

export const SCENES: Scene[] = [sunset, beach, forest, city, lavender, portrait, flowers, desert];
export const sceneAt = (i: number) => SCENES[((i % SCENES.length) + SCENES.length) % SCENES.length]!;
