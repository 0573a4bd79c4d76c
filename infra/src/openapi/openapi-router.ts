// GET /api/openapi.json and GET /api/docs: the contract, machine-readable and as a page. Both are
// the same for every caller, so public and cacheable; built once, on first request (building
// takes a few hundred ms that startup need not pay), and compressed by the gateway.
import Router from '@koa/router';
import { DOCS_PAGE_CSP, renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './document';

export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export function openApiRouter(): Router {
  const router = new Router();
  let built: { json: string; page: string } | undefined;
  const texts = () => {
    if (!built) {
      const document = buildOpenApiDocument();
      built = { json: JSON.stringify(document), page: renderDocsPage(document) };
    }
    return built;
  };

  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', OPENAPI_CACHE_CONTROL);
    ctx.type = 'application/json';
    ctx.body = texts().json;
  });

  router.get('/api/docs', (ctx) => {
    ctx.set('Cache-Control', OPENAPI_CACHE_CONTROL);
    // Replaces the CSP of /api answers ("default-src 'none'"): the page needs its inline style.
    ctx.set('Content-Security-Policy', DOCS_PAGE_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = texts().page;
  });

  return router;
}
