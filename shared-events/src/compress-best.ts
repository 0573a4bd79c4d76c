// A text as the shop sends it compressed: brotli and gzip at their best. Used where the cost is paid
// once for many visits: the build's assets (frontend/build-plugins/precompress.ts) and the
// prerendered pages the gateway fills in (infra/src/gateway/sent-pages.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export async function compressBest(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gzipped };
}
