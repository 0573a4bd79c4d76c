// Shop-wide constants shown in the shell (spec 1 §1).
export const SITE_NAME = 'PrintShop';
export const SITE_TAGLINE = 'Transform Your Memories Into Beautiful Prints';
export const SUPPORT_EMAIL = 'support@printshop.example';
export const POSTAL_ADDRESS = [
  'PrintShop Studio',
  '42 MG Road, Indiranagar',
  'Bengaluru, Karnataka 560038',
  'India',
];
export const PAYMENT_METHODS = ['UPI', 'Card', 'Wallet', 'Net Banking'] as const;

/** An absolute address of a path on this site (canonical links, structured data). */
export const absoluteUrl = (path: string) => `${globalThis.location?.origin ?? ''}${path}`;
