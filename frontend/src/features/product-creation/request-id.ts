// An add's event_id (API.md: up to 200 characters): the same photos, crop and quantity pressed again
// (after an error whose add may have landed all the same) are the same request, which the server
// adds once. Its parts joined when they fit; a longer one (a strip of six or more frames lists six
// image ids) keeps its kind and becomes a hash of the whole. Synchronous on purpose: Web Crypto's
// digest exists only on secure origins, and a shop opened over a LAN address must still add.
const MAX_LENGTH = 200;

/** 53 bits of a string (cyrb53): enough that two requests of one cart's recent 50 never meet. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function requestIdOf(kind: string, ...parts: Array<string | number>): string {
  const joined = [kind, ...parts].join(':');
  if (joined.length <= MAX_LENGTH) return joined;
  return `${kind}:${parts.length}:${hash53(joined, 1)}${hash53(joined, 2)}`;
}
