// The fixed copy of the template collage pages (spec 2 §1, §2): per-template heading, tagline and
// chips, and the text every page shares (steps, FAQ, marketing). Marketing claims are spec text.
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';

export interface TemplateCopy {
  /** The page's h1 and the name in its metadata. */
  heading: string;
  tagline: string;
  chips: string[];
  keywords: string[];
}

const FILM_STRIP: Omit<TemplateCopy, 'heading'> = {
  tagline: 'Relive your favourite moments frame by frame on a classic film strip.',
  chips: ['Retro film look', 'Premium 270 GSM', 'Ships in 24 hours'],
  keywords: ['film strip collage', 'retro photo collage', 'film strip print'],
};

const COPY: Record<number, Omit<TemplateCopy, 'heading'> & { heading?: string }> = {
  1: {
    tagline: 'Turn three favourite shots into a print that looks like your best post.',
    chips: ['Social post style', '3 photos', 'Premium 270 GSM'],
    keywords: ['post style collage', 'instagram collage print', '3 photo collage'],
  },
  3: {
    tagline: 'Nine portraits on a studio contact sheet, ready for the wall.',
    chips: ['Studio look', '9 photos', 'Premium 270 GSM'],
    keywords: ['studio grid collage', '9 photo collage', 'portrait grid print'],
  },
  7: {
    tagline: 'Five polaroid frames hanging on a string, full of warm memories.',
    chips: ['Polaroid frames', '5 photos', 'Cosy and nostalgic'],
    keywords: ['hanging polaroid collage', 'polaroid print', '5 photo collage'],
  },
  12: FILM_STRIP,
  15: {
    tagline: 'Eight photos in a playful grid of big and small tiles.',
    chips: ['Mixed tile sizes', '8 photos', 'Premium 270 GSM'],
    keywords: ['creative grid collage', '8 photo collage', 'photo grid print'],
  },
  16: {
    tagline: 'Nine moments set like gems in an elegant diamond pattern.',
    chips: ['Diamond pattern', '9 photos', 'Elegant design'],
    keywords: ['diamond grid collage', '9 photo collage', 'diamond photo print'],
  },
  18: {
    tagline: 'Ten photos on a soft pink grid, made for sweet memories.',
    chips: ['Soft pink theme', '10 photos', 'Great gift'],
    keywords: ['pink grid collage', '10 photo collage', 'pink photo print'],
  },
  21: {
    tagline: 'Tell the story of your friendship in four square moments.',
    chips: ['Story captions', '4 photos', 'Perfect gift for friends'],
    keywords: ['friendship collage', 'best friends photo print', '4 photo collage'],
  },
  22: {
    tagline: 'Four photos framed by fresh botanical artwork.',
    chips: ['Botanical artwork', '4 photos', 'Calm and natural'],
    keywords: ['botanical collage', 'nature photo collage', '4 photo collage'],
  },
  30: {
    tagline: 'A wide hero shot, two portraits and four squares in one balanced layout.',
    chips: ['Mixed shapes', '7 photos', 'Premium 270 GSM'],
    keywords: ['mixed layout collage', '7 photo collage', 'photo layout print'],
  },
  // Template 32 carries the film-strip copy and heading (spec 2 §2).
  32: { ...FILM_STRIP, heading: 'Film Strip Collage - 3 Photos' },
};

export function templateCopy(template: CollageTemplate): TemplateCopy {
  const copy = COPY[template.number] ?? { tagline: template.description, chips: [], keywords: [] };
  return { heading: copy.heading ?? template.name, ...copy };
}

export const TOP_BAR_NOTES = ['100% Satisfaction Guarantee', 'Quick & Easy'] as const;

/** Static trust items; the rating and review count come first from useShopRating when there are any. */
export const TRUST_ITEMS = ['Free Shipping Available'] as const;

export const HOW_IT_WORKS = [
  { title: 'Upload photos to each slot', text: 'Pick a numbered slot on the template and choose a photo.' },
  { title: 'Adjust and crop', text: 'Drag and zoom until the photo sits just right in its slot.' },
  { title: 'Order', text: 'Pick a size and quantity, preview your collage and add it to the cart.' },
] as const;

export const HOW_TO_CREATE = [
  'Pick each numbered slot and choose a photo',
  'Crop and position every photo',
  'Preview your finished collage',
  'Choose a size and quantity, then add to cart',
] as const;

// Delivery days, the free-shipping threshold and the rating are added by the card from their one
// source (use-shop-claims.ts).
export const WHY_CUSTOMERS_LOVE_US = [
  'Printed at 300 DPI on 270 GSM glossy paper',
  '100% satisfaction guarantee: reprint or refund',
] as const;

export function faq(template: CollageTemplate): { question: string; answer: string }[] {
  return [
    {
      question: 'How many photos do I need?',
      answer: `This template has ${template.slots} photo slots; fill every slot to order your collage.`,
    },
    {
      question: 'What sizes can I order?',
      answer: 'A5 (148 x 210 mm), A4 (210 x 297 mm) and A3 (297 x 420 mm).',
    },
    {
      question: 'How long does delivery take?',
      answer:
        'Orders ship within 24 hours; the product page, cart and checkout show the dates your country can expect.',
    },
    {
      question: 'Which photo formats can I use?',
      answer: 'JPG, PNG, WEBP and HEIC photos up to 50MB each.',
    },
    {
      question: 'What paper do you print on?',
      answer: 'Every collage is printed at 300 DPI on 270 GSM glossy photo paper.',
    },
    {
      question: 'Can I save my collage and finish later?',
      answer:
        "A collage in progress is not kept, so finish it in one visit. Finished collages you keep with 'Save & Create Another' stay on this device until you add them to the cart or remove them; they cannot be edited afterwards.",
    },
    {
      question: 'Can I order several collages at once?',
      answer:
        "Yes: save each finished collage with 'Save & Create Another', then add them all to the cart together.",
    },
    {
      question: 'What if I am not happy with my print?',
      answer: 'Our 100% satisfaction guarantee covers you: we reprint it or refund you.',
    },
  ];
}

export const MARKETING = {
  whyChoose:
    'Each collage is printed at 300 DPI on 270 GSM glossy paper, so every photo stays sharp and colours stay rich.',
  occasions: ['Birthdays', 'Anniversaries', 'Weddings', 'Graduations', 'Holidays', 'Friendship days'],
  tips: [
    'Use bright, sharp photos: they print best.',
    'Mix close-ups with wider shots for variety.',
    'Keep faces away from the edges of a slot.',
    'Preview before ordering to check every crop.',
  ],
  features: [
    { title: 'Premium paper', text: '270 GSM glossy paper with a lasting finish.' },
    { title: 'Sharp printing', text: 'Every collage printed at 300 DPI.' },
    { title: 'Fast dispatch', text: 'Ships within 24 hours, tracked to your door.' },
    { title: 'Guaranteed', text: '100% satisfaction: reprint or refund.' },
  ],
} as const;

export const COLLAGE_MESSAGES = {
  notAnImage: 'Please select an image file',
  added: 'Collage added to cart!',
  addFailed: 'Failed to create collage. Please try again.',
  saved: 'Collage saved! Create another one or add all to cart.',
  saveFailed: 'Failed to save collage. Please try again.',
  addedAll: (n: number) => `${n} collages added to cart!`,
  addAllFailed: 'Failed to add collages to cart. Please try again.',
  cropFailed: 'Could not crop this photo. Please try another one.',
} as const;
