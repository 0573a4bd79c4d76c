// Prints (spec 1 §2). Retro prints are polaroid-style cards; printSize is the photo window.
// Chosen prices, USD cents: cheap per-print prices in line with posters at 1.78-2.18.
import { PRINT_SUFFIX, image, inches, type Product } from './product';

export const prints: Product[] = [
  {
    sku: 'LARGERETROPOLAROIDWHITE',
    name: `Large Retro Polaroid Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 69, // chosen
    path: '/product/large-polaroids',
    aliases: ['/product/retro-polaroid-prints'],
    imageUrl: image('large-retro-white.webp'),
    printSize: inches(3.1, 3.1), // chosen: 3.5 x 4.2 in card, square window
    cropAspectRatio: 1,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'LARGERETROPOLAROIDBLACK',
    name: `Large Retro Photo Prints - Black | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 69, // chosen
    path: '/product/large-retro-photo-prints-black',
    aliases: [],
    imageUrl: image('large-retro-black.webp'),
    printSize: inches(3.1, 3.1), // chosen, as the white one
    cropAspectRatio: 1,
    unit: 'print',
    colour: 'black',
  },
  {
    sku: 'WIDEPOLAROIDWHITE',
    name: `Wide Retro Photo Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 79, // chosen
    path: '/product/wide-retro-photo-prints-white-print-photos-online',
    aliases: [],
    imageUrl: image('wide-retro-white.webp'),
    printSize: inches(3.9, 2.6), // chosen: 4.3 x 3.4 in card, 3:2 landscape window
    cropAspectRatio: 3 / 2,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'MINIRETROPOLAROIDWHITE',
    name: `Mini Retro Photo Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 49, // chosen
    path: '/product/mini-retro-photo-prints-white-print-photos-online',
    aliases: ['/product/mini-retro-polaroids'],
    imageUrl: image('mini-retro-white.webp'),
    printSize: inches(1.8, 2.4), // chosen: 2.1 x 3.4 in card, 3:4 portrait window
    cropAspectRatio: 3 / 4,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'MINIRETROPOLAROIDBLACK',
    name: `Mini Retro Photo Prints - Black | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 49, // chosen
    path: '/product/mini-retro-photo-prints-black-print-photos-online',
    aliases: [],
    imageUrl: image('mini-retro-black.webp'),
    printSize: inches(1.8, 2.4), // chosen, as the white one
    cropAspectRatio: 3 / 4,
    unit: 'print',
    colour: 'black',
  },
  {
    sku: 'SQUAREPHOTO3INCH',
    name: `Square Photo Prints 3 Inch | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'retro-prints', // spec 1 §1 lists the squares with the retro family
    basePriceUsdCents: 49, // chosen
    path: '/product/square-photo-prints-3inches',
    aliases: [],
    imageUrl: image('square-3-inch.webp'),
    printSize: inches(3, 3),
    cropAspectRatio: 1,
    unit: 'print',
  },
  {
    sku: 'SQUAREPHOTO4INCH',
    name: `Square Photo Prints 4 Inch | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'retro-prints',
    basePriceUsdCents: 59, // chosen
    path: '/product/square-photo-prints-4-inch-print-photos-online',
    aliases: [],
    imageUrl: image('square-4-inch.webp'),
    printSize: inches(4, 4),
    cropAspectRatio: 1,
    unit: 'print',
  },
  {
    sku: '4X6PHOTOPRINT',
    name: `4x6 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 39, // chosen
    path: '/product/4x6-photo-prints',
    aliases: [],
    imageUrl: image('4x6-photo-print.webp'),
    printSize: inches(4, 6),
    cropAspectRatio: 4 / 6,
    unit: 'print',
  },
  {
    sku: '5X7PHOTOPRINT',
    name: `5x7 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 79, // chosen
    path: '/product/5x7-photo-prints-print-photos-online',
    aliases: [],
    imageUrl: image('5x7-photo-print.webp'),
    printSize: inches(5, 7),
    cropAspectRatio: 5 / 7,
    unit: 'print',
  },
  {
    sku: '8X10PHOTOPRINT',
    name: `8x10 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 149, // chosen
    path: '/product/8x10-photo-prints', // chosen: spec 1 §2 shows this print page as {hash}
    aliases: [],
    imageUrl: image('8x10-photo-print.webp'),
    printSize: inches(8, 10),
    cropAspectRatio: 8 / 10,
    unit: 'print',
  },
];
