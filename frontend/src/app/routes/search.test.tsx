// The search page (spec 1 §2) on a phone: what the visitor typed or pasted is echoed in the
// heading and the no-results line, which must wrap, and a query over the server's limit is
// answered with a plain sentence rather than a request the server would refuse.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '@printshop/shared-events/api/catalog';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Component as SearchPage } from './search';

const LINK = 'https://photos.app.goo.gl/AbCdEfGhIjKlMnOpQr12';

const here = path.dirname(fileURLToPath(import.meta.url));
const stylesheets = ['../../components/page.css', '../../styles/global.css']
  .map((file) => readFileSync(path.resolve(here, file), 'utf8'))
  .join('\n');
/** Whether one of the element's classes is styled to break a word with no spaces (a link). */
const wraps = (element: HTMLElement) =>
  [...element.classList].some((name) =>
    new RegExp(`\\.${name} \\{[^}]*overflow-wrap: anywhere;`).test(stylesheets),
  );

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  server.on('GET /api/search', json({ success: true, data: [] }));
});

describe('search page', () => {
  it('given a pasted link as the query, when nothing is found, then the heading and the no-results line echo it and both wrap', async () => {
    renderApp(<SearchPage />, { path: `/search?q=${encodeURIComponent(LINK)}` });
    const status = await screen.findByText(`No products found for "${LINK}".`);
    const heading = screen.getByRole('heading', { level: 1, name: `Results for "${LINK}"` });
    expect(wraps(heading)).toBe(true);
    expect(wraps(status)).toBe(true);
  });

  it('given a query longer than the server takes, then it says so plainly and asks the server nothing', async () => {
    const q = 'a'.repeat(500);
    renderApp(<SearchPage />, { path: `/search?q=${q}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Search words can be at most ${SEARCH_QUERY_MAX} characters.`,
    );
    expect(SEARCH_QUERY_TOO_LONG).toBe('Search words can be at most 200 characters.');
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
    expect(screen.queryByText('Searching…')).toBeNull();
    expect(server.requests.filter((r) => r.url.startsWith('/api/search'))).toHaveLength(0);
  });

  it('given a query exactly at the limit, then it is searched', async () => {
    const q = 'b'.repeat(SEARCH_QUERY_MAX);
    renderApp(<SearchPage />, { path: `/search?q=${q}` });
    expect(await screen.findByText(`No products found for "${q}".`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
