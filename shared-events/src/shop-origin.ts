// The shop's address in its prerendered pages. The build cannot know it (PUBLIC_URL is the
// gateway's), so a page's absolute addresses (canonical link, og:url, og:image, JSON-LD) are
// written against SHOP_ORIGIN_TOKEN and the gateway puts the configured address in its place as it
// sends the page, naming it in the SHOP_ORIGIN_META tag too: the app reads that and renders the same
// addresses while it hydrates. Link previews and crawlers that run no script see absolute addresses.
export const SHOP_ORIGIN_TOKEN = '__PRINTSHOP_ORIGIN__';
export const SHOP_ORIGIN_META = 'shop-origin';
