// A built frontend in a temporary folder, each file but HTML with its .br and .gz copies as the build
// writes them, served by a real gateway; and a raw GET (node:http, since fetch would decode the body and
// hide the encoding).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import { silentLogger } from '@printshop/shared-events/logger';
import { createGateway, type GatewayOptions } from '../create-gateway';
import { createMetrics } from '../metrics';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface BuiltFrontend {
  get(pathname: string, acceptEncoding?: string): Promise<RawAnswer>;
  close(): Promise<void>;
}

export async function serveBuiltFrontend(
  files: Record<string, string>,
  routers: Router[] = [],
  options: Pick<GatewayOptions, 'hiddenProducts' | 'publicUrl'> = {},
): Promise<BuiltFrontend> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-built-'));
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    if (/\.(json|html)$/.test(file)) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(text));
    writeFileSync(`${full}.gz`, gzipSync(text));
  }
  const app = createGateway({
    logger: silentLogger,
    routers,
    metrics: createMetrics(),
    readiness: { checks: {} },
    frontendDir: dir,
    ...options,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (pathname, acceptEncoding) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string> = { accept: 'text/html,*/*' };
        if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
        http
          .get(base + pathname, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      }),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
