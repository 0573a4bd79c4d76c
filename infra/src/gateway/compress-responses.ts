// Text answers (JSON, pages marked for hidden products) are compressed for browsers that accept it:
// brotli first, then gzip. Built assets arrive here already encoded (precompressed at build, chosen
// by koa-static), pages too (sent-pages.ts), so only dynamic answers cost CPU, at a quality chosen
// for speed over the last byte.
import compress from 'koa-compress';
import type { Middleware } from 'koa';
import { constants } from 'node:zlib';

export function compressResponses(): Middleware {
  return compress({
    // Smaller answers gain less than the encoding costs.
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
}
