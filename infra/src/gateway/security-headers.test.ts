// The CSP of the app's pages allows no inline script but those the frontend's build lists by hash
// (frontend/build-plugins/prerender.ts writes inline-script-hashes.json beside the pages).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, securityHeaders } from './security-headers';

const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtFrontend(hashes: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-csp-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'inline-script-hashes.json'), JSON.stringify(hashes));
  return dir;
}

/** The CSP header of a GET of `requestPath` through securityHeaders(frontendDir). */
async function cspOf(frontendDir: string | undefined, requestPath: string): Promise<string | null> {
  const app = new Koa();
  app.use(securityHeaders(frontendDir));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${requestPath}`);
    return response.headers.get('content-security-policy');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const scriptSrc = (csp: string | null) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp ?? '')?.[1];

describe('inline scripts in the CSP of pages', () => {
  it("given a build listing its inline script's hash, then pages allow exactly that script and no other inline one", async () => {
    const csp = await cspOf(builtFrontend([HASH]), '/product/4x6-photo-prints');
    expect(scriptSrc(csp)).toBe(`'self' ${HASH}`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('given a build listing hashes, then /api answers still allow nothing', async () => {
    expect(await cspOf(builtFrontend([HASH]), '/api/products')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('given no built frontend, then pages allow only scripts of their own origin', async () => {
    expect(scriptSrc(await cspOf(undefined, '/'))).toBe("'self'");
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'printshop-no-such-build'))).toEqual([]);
  });

  it('given a list holding anything but sha256 sources, then the gateway refuses to start with it', () => {
    expect(() => inlineScriptHashes(builtFrontend(["'unsafe-inline'"]))).toThrow(/sha256/);
    expect(() => inlineScriptHashes(builtFrontend({ hash: HASH }))).toThrow(/sha256/);
  });
});
