// Fixed copy of the poster pages (spec 2 §1, §2, §9): feature cards, key features, specifications
// per size and the FAQ. Marketing text, not computed.
export interface PosterSpec {
  sku: string;
  sizeLabel: string;
  dimensions: string;
}

export const POSTER_SPECS: Readonly<Record<string, PosterSpec>> = {
  POSTERA4: { sku: 'POSTERA4', sizeLabel: 'A4', dimensions: '21 x 29.7 cm' },
  POSTERA3: { sku: 'POSTERA3', sizeLabel: 'A3', dimensions: '29.7 x 42 cm' },
  POSTER1218: { sku: 'POSTER1218', sizeLabel: '12x18', dimensions: '12 x 18 inch (30.5 x 45.7 cm)' },
};

export const FEATURE_CARDS = [
  {
    id: 'board',
    icon: 'sparkle',
    title: 'Premium 300 GSM Matte Board',
    text: 'Thick, glare-free board with rich, true colours.',
  },
  // Free from India's threshold only (feature-cards.tsx says which, in the chosen currency).
  {
    id: 'delivery',
    icon: 'truck',
    title: 'Free Delivery Within India',
    text: 'Delivered to your door across India.',
  },
  {
    id: 'dispatch',
    icon: 'box',
    title: 'Ready to Ship Within 24 Hours',
    text: 'Printed, packed and dispatched fast.',
  },
] as const;

export const KEY_FEATURES = [
  'Printed at 300 DPI on 300 GSM matte board',
  '0.5 cm white border for a clean gallery look',
  'Fade-resistant inks, vivid and sharp',
  'Crop every photo to the exact poster shape',
  'Bulk discounts from 10 posters',
] as const;

export const POSTER_FAQ = [
  {
    question: 'What paper are the posters printed on?',
    answer: 'Every poster is printed at 300 DPI on premium 300 GSM matte board with a 0.5 cm white border.',
  },
  {
    question: 'Which photos work best?',
    answer:
      'Sharp, well-lit photos at a high resolution. After you crop, we show the print quality of each photo so you know before you order.',
  },
  {
    question: 'Which file types can I upload?',
    answer: 'JPG, PNG, WEBP and HEIC, up to 50MB each. You can upload up to 100 images at once.',
  },
  {
    question: 'How do bulk discounts work?',
    answer:
      'The discount follows the total number of posters in your order: 10-49 posters save 11.24%, 50-99 save 22.47% and 100 or more save 33.71%.',
  },
  {
    question: 'How fast will my posters ship?',
    answer: 'Orders are ready to ship within 24 hours; processing takes 24-48 hours excluding Sundays.',
  },
] as const;
