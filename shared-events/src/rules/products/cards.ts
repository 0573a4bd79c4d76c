// Greeting cards (spec 1 §2): portrait and landscape, 5 x 7 in front. Spec 1 §2 shows two more
// card pages as {hash}; chosen: they are the readable aliases below of the same two cards.
import { CARD_SUFFIX, image, inches, type Product } from './product';

export const cards: Product[] = [
  {
    sku: 'GREETINGCARDPORTRAIT',
    name: `Greeting Card - Portrait | ${CARD_SUFFIX}`,
    category: 'Greeting Cards',
    family: 'greeting-cards',
    basePriceUsdCents: 249, // chosen
    path: '/product/greeting-card',
    aliases: ['/product/portrait-greeting-card'],
    imageUrl: image('greeting-card-portrait.webp'),
    printSize: inches(5, 7),
    cropAspectRatio: 5 / 7,
    unit: 'card',
  },
  {
    sku: 'GREETINGCARDLANDSCAPE',
    name: `Greeting Card - Landscape | ${CARD_SUFFIX}`,
    category: 'Greeting Cards',
    family: 'greeting-cards',
    basePriceUsdCents: 249, // chosen
    path: '/product/landscape-greeting-card',
    aliases: ['/product/custom-landscape-greeting-card'],
    imageUrl: image('greeting-card-landscape.webp'),
    printSize: inches(7, 5),
    cropAspectRatio: 7 / 5,
    unit: 'card',
  },
];
