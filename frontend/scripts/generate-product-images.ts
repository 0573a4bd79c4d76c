// Draws the shop's product pictures (there is no image host here): one picture for every
// `imageUrl` of the catalog, the collage templates, masks and samples, and the home hero. Each is
// an SVG scene rendered by sharp to WebP (photos) or PNG (templates, masks). The output is committed.
//
//   npx tsx frontend/scripts/generate-product-images.ts
//
// The scenes, the drawing pieces and the pictures are in ./product-images/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { hero, productPicture } from './product-images/pictures';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');

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
