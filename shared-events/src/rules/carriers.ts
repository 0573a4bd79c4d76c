// Where a customer follows a parcel: the tracking page of a known carrier for a tracking number.
// A carrier we do not know has no link here; the shipping mail then points at the shop's own
// /track-order page instead.

const CARRIER_PAGES: ReadonlyArray<{ names: readonly string[]; page: (number: string) => string }> = [
  { names: ['ups'], page: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { names: ['usps'], page: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { names: ['fedex'], page: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  {
    names: ['dhl', 'dhl express'],
    page: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
  },
  { names: ['royal mail'], page: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  {
    names: ['canada post'],
    page: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/details/${n}`,
  },
  { names: ['australia post', 'auspost'], page: (n) => `https://auspost.com.au/mypost/track/details/${n}` },
];

const key = (carrier: string) => carrier.trim().toLowerCase().replace(/\s+/g, ' ');

/** The carrier's tracking page for this number, or undefined for a carrier not listed. */
export function carrierTrackingUrl(carrier: string, trackingNumber: string): string | undefined {
  const found = CARRIER_PAGES.find((c) => c.names.includes(key(carrier)));
  return found?.page(encodeURIComponent(trackingNumber.trim()));
}

/** The shop's own tracking page for an order: `${publicUrl}/track-order?orderNumber=…&email=…`. */
export const shopTrackingUrl = (publicUrl: string, orderNumber: string, email: string): string =>
  `${publicUrl}/track-order?${new URLSearchParams({ orderNumber, email }).toString()}`;
