// Strips (spec 1 §2). printSize is the whole 2 x 6 in strip (the composed image); each slot is
// cropped to cropAspectRatio. Chosen: film strips hold 4 frames at 35 mm's 3:2; designed photo strips
// hold 3 photos under their artwork, the plain white and black strips 4, photo-booth 4:3.
import { STRIP_SUFFIX, image, inches, type Product } from './product';

const filmStrip = (sku: string, short: string, path: string, file: string, price: number): Product => ({
  sku,
  name: `${short} | ${STRIP_SUFFIX}`,
  category: 'Strips',
  family: 'film-strips',
  basePriceUsdCents: price,
  path,
  aliases: [],
  imageUrl: image(file),
  printSize: inches(2, 6),
  cropAspectRatio: 3 / 2,
  slots: 4,
  unit: 'strip',
});

const photoStrip = (sku: string, short: string, path: string, file: string, slots: number): Product => ({
  sku,
  name: `${short} | ${STRIP_SUFFIX}`,
  category: 'Strips',
  family: 'photo-strips',
  basePriceUsdCents: 99, // chosen
  path,
  aliases: [],
  imageUrl: image(file),
  printSize: inches(2, 6),
  cropAspectRatio: 4 / 3,
  slots,
  unit: 'strip',
});

export const strips: Product[] = [
  // Chosen: FILMSTRIPPHOTO is the single film strip, FILMSTRIP2 the film-style prints (both featured).
  filmStrip(
    'FILMSTRIPPHOTO',
    'Single Film Strip Style Photo Print',
    '/product/single-film-strip-style-photo-print',
    'single-film-strip.webp',
    129, // chosen
  ),
  filmStrip(
    'FILMSTRIP2',
    'Film Style Photo Prints',
    '/product/film-style-photo-prints',
    'film-style-photo-prints.webp',
    149, // chosen
  ),
  photoStrip(
    'PHOTOSTRIPGOODVIBES',
    'Good Vibes Photo Strip',
    '/product/good-vibes-photo-strip',
    'good-vibes-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPMYBOYFRIEND',
    'My Boyfriend Photo Strip',
    '/product/my-boyfriend-photo-strip',
    'my-boyfriend-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPPINKHEARTS',
    'Pink Hearts Photo Strip',
    '/product/pink-hearts-photo-strip',
    'pink-hearts-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPFILMSTYLE',
    'Film Style Photo Strip',
    '/product/film-style-photo-strip',
    'film-style-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPMINIMALIST',
    'Minimalist Photo Strip',
    '/product/minimalist-photo-strip',
    'minimalist-strip.webp',
    3,
  ),
  // The category-level strip pages are product pages of their own (spec 1 §2).
  {
    ...photoStrip(
      'PHOTOSTRIPWHITE',
      'White Photo Strips',
      '/strips/white-photo-strips',
      'white-photo-strip.webp',
      4,
    ),
    colour: 'white',
  },
  {
    ...photoStrip(
      'PHOTOSTRIPBLACK',
      'Black Photo Strips',
      '/strips/black-photo-strips',
      'black-photo-strip.webp',
      4,
    ),
    colour: 'black',
  },
];
