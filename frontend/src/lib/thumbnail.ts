// Small pictures of a shopper's photo (cart, checkout, orders) load the resized copy the server
// makes (API.md: GET /api/images/:id?w=), never the full print-size file behind /images/:id.
const FULL = /^\/(?:api\/)?images\/([^/?#.]+)(?:\?.*)?$/;

/** The `width`-pixel copy of an uploaded image's URL; other URLs (catalog pictures) unchanged. */
export function thumbnailOf(url: string, width = 256): string {
  const match = FULL.exec(url);
  return match ? `/api/images/${match[1]}?w=${width}` : url;
}
