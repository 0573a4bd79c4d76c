// The owner's product names and descriptions in the storefront (GET /api/products' name and
// description): the category page's cards and the product pages (poster, greeting card) show the
// owner's name once the list answers, in the heading, the breadcrumb, the title and the markup, and
// the owner's description as the page's description. Until it answers (and so in the prerendered
// HTML) they show the code's; an empty description leaves the code's copy. The header's menus name
// the products as the owner did too.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory, useRoutes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { PRODUCTS, productBySku } from '@printshop/shared-events/rules/catalog';
import { configureApiClient } from '@/lib/api-client';
import { createAppHistory } from '@/lib/navigation/app-history';
import { HistoryRouter } from '@/lib/navigation/history-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from '../provider';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Component as CategoryPage } from './category';
import { Component as ProductPage } from './product';
import { DesktopNav } from '../layout/desktop-nav';
import { MobileMenuPanel } from '../layout/mobile-menu-panel';

const A3 = productBySku('POSTERA3')!;
const A4 = productBySku('POSTERA4')!;
const CARD = productBySku('GREETINGCARDPORTRAIT')!;
const OWNER_A3 = { name: 'Gallery A3 Poster | Museum quality', description: 'Owner description of the A3.' };
const OWNER_CARD = { name: 'Birthday Card | Folded', description: 'A folded card with your photo.' };

let server: TestServer;
let held: Promise<void> | undefined;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  held = undefined;
  const listed = PRODUCTS.map((p) => ({
    sku: p.sku,
    name: p.name,
    category: p.category,
    family: p.family,
    price: p.basePriceUsdCents / 100,
    imageUrl: p.imageUrl,
    path: p.path,
    // The A4 renamed without a description: the API leaves it out (API.md).
    ...(p.sku === A4.sku && { name: 'Studio A4 Poster | Matte' }),
    ...(p.sku === A3.sku && OWNER_A3),
    ...(p.sku === CARD.sku && OWNER_CARD),
  }));
  server.on('GET /api/products', () => ({
    ...json({ success: true, data: listed, message: 'ok' }),
    ...(held && { wait: held }),
  }));
});

const title = () => document.title;
const metaDescription = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const ldBlock = (type: string) =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
    .map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>)
    .find((block) => block['@type'] === type);
const breadcrumbNames = () =>
  (ldBlock('BreadcrumbList') as { itemListElement: { name: string }[] }).itemListElement.map((e) => e.name);
const currentCrumb = () =>
  screen.getByRole('navigation', { name: 'Breadcrumb' }).querySelector('[aria-current="page"]');

/** The A3 poster's page as the app renders it, with a store and query client of its own. */
function A3Page() {
  return useRoutes([{ path: '*', element: <ProductPage /> }]);
}
const a3App = () => (
  <AppProvider queryClient={createQueryClient()} store={createStore()}>
    <HistoryRouter history={createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [A3.path] }))}>
      <A3Page />
    </HistoryRouter>
  </AppProvider>
);

describe('the owner’s product names and descriptions', () => {
  it('given the owner renamed the A3 poster, when the Posters page opens, then its card shows the short name (before " | "); the others keep the code’s', async () => {
    const { container } = renderApp(<CategoryPage />, { path: '/posters' });
    const card = () => container.querySelector(`a[data-sku="${A3.sku}"]`);
    await waitFor(() => expect(card()).toHaveTextContent('Gallery A3 Poster'));
    expect(card()).not.toHaveTextContent('Museum quality');
    expect(container.querySelector(`a[data-sku="POSTER1218"]`)).toHaveTextContent('12x18 Poster');
  });

  it('given the owner renamed the A3 poster and wrote its description, when its page opens, then the code’s name shows until the list answers, then the owner’s name and description', async () => {
    let answer!: () => void;
    held = new Promise<void>((resolve) => (answer = resolve));
    renderApp(<ProductPage />, { path: A3.path });
    // Before the answer: the code's values, as in the prerendered HTML.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^A3 Poster$/);
    expect(currentCrumb()).toHaveTextContent(/^A3 Poster$/);
    expect(title()).toBe(A3.name);
    const codeDescription = metaDescription();
    expect(codeDescription).toMatch(/^A3 Poster: /);

    answer();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Gallery A3 Poster$/),
    );
    expect(currentCrumb()).toHaveTextContent(/^Gallery A3 Poster$/);
    expect(screen.getByRole('figure').querySelector('img')).toHaveAttribute('alt', 'Gallery A3 Poster');
    expect(title()).toBe(OWNER_A3.name);
    expect(metaDescription()).toBe(OWNER_A3.description);
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute(
      'content',
      OWNER_A3.description,
    );
    expect(ldBlock('Product')).toMatchObject({
      name: 'Gallery A3 Poster',
      description: OWNER_A3.description,
    });
    expect(breadcrumbNames()).toEqual(['Home', 'Posters', 'Gallery A3 Poster']);
  });

  it('given the owner renamed the A4 poster without a description, when its page opens, then it shows the owner’s name and the code’s description for it', async () => {
    renderApp(<ProductPage />, { path: A4.path });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Studio A4 Poster$/),
    );
    expect(metaDescription()).toMatch(/^Studio A4 Poster: your photo printed on 300 GSM matte board/);
    expect(ldBlock('Product')).toMatchObject({ name: 'Studio A4 Poster' });
  });

  it('given the owner renamed the portrait greeting card and wrote its description, when its page opens, then it shows the owner’s name and description', async () => {
    renderApp(<ProductPage />, { path: CARD.path });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Birthday Card$/),
    );
    expect(currentCrumb()).toHaveTextContent(/^Birthday Card$/);
    expect(title()).toBe(OWNER_CARD.name);
    expect(metaDescription()).toBe(OWNER_CARD.description);
    expect(ldBlock('Product')).toMatchObject({ name: 'Birthday Card', description: OWNER_CARD.description });
    expect(breadcrumbNames().at(-1)).toBe('Birthday Card');
  });

  it('given the A3 page prerendered with the code’s name, when it hydrates and the list answers, then React keeps the HTML (no mismatch) and then shows the owner’s name', async () => {
    const html = renderToString(a3App());
    expect(html).toContain('>A3 Poster</h1>');
    expect(html).not.toContain('Gallery A3 Poster');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const prerendered = container.querySelector('h1');
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, a3App(), { onRecoverableError: (error) => mismatches.push(error) }),
    );
    onTestFinished(() => {
      root.unmount();
      container.remove();
    });
    await waitFor(() => expect(container.querySelector('h1')).toHaveTextContent(/^Gallery A3 Poster$/));
    expect(mismatches).toEqual([]);
    // The same element, updated: React hydrated the prerendered HTML rather than replacing it.
    expect(container.querySelector('h1')).toBe(prerendered);
  });

  it('given the owner renamed the A3 and A4 posters, when the header’s Posters menu opens (desktop and phone), then its links carry the owner’s short names', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp(<DesktopNav />);
    await user.click(screen.getByRole('button', { name: 'Posters' }));
    const desktop = screen.getByRole('list', { name: 'Poster Sizes' });
    expect(await within(desktop).findByRole('link', { name: 'Gallery A3 Poster' })).toHaveAttribute(
      'href',
      A3.path,
    );
    expect(within(desktop).getByRole('link', { name: 'Studio A4 Poster' })).toHaveAttribute('href', A4.path);
    unmount();

    renderApp(<MobileMenuPanel id="menu" onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: /Posters/ }));
    expect(await screen.findByRole('link', { name: 'Gallery A3 Poster' })).toHaveAttribute('href', A3.path);
  });
});
