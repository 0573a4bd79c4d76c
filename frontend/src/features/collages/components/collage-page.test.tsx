// A template collage page around its editor (spec 2 §2, §4, §9): top bar, hero, samples, tabs, cards,
// marketing, size / quantity / total rules in the chosen currency, scrolling to the editor (tabs,
// deep links, floating button), the page's metadata and structured data, and the owner's name and
// description once GET /api/products answers.
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { convertFromUsd, formatMoney } from '@printshop/shared-events/rules/money';
import { chooseCurrencyAtom, CURRENCY_KEY } from '@/lib/currency/currency-store';
import { json } from '@/test/http-server';
import { formatUsdCents } from '@/lib/currency/use-currency';
import { removeToasts, renderCollage, collageShop } from '../test-support/render-collage';

const shop = collageShop();
let scrolls: ScrollToOptions[];
beforeEach(() => {
  scrolls = [];
  // jsdom does no layout or scrolling: record where the page asks to go.
  vi.spyOn(window, 'scrollTo').mockImplementation(
    ((options: ScrollToOptions) => void scrolls.push(options)) as never,
  );
});
afterEach(removeToasts);

const total = () => screen.getByTestId('collage-total').textContent;
const unitLine = () => screen.queryByTestId('collage-unit-line')?.textContent ?? null;
const quantityInput = () => screen.getByRole('textbox', { name: 'Quantity' });

describe('page layout', () => {
  it('shows the top bar, hero, samples, tabs with Create first, the side cards and the marketing section', async () => {
    renderCollage('/product/template7-collage');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByText('100% Satisfaction Guarantee')).toBeInTheDocument();
    expect(screen.getByText('Quick & Easy')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Hanging Polaroids - 5 Photos' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Start Creating Your Collage' })).toBeInTheDocument();
    const trust = within(screen.getByRole('list', { name: 'Why shoppers trust us' }));
    // no approved reviews served: no rating claim (features/reviews/rating-claims.test.tsx has them)
    expect(trust.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Free Shipping Available']);
    const samples = screen.getByRole('region', { name: 'Samples' });
    expect(within(samples).getAllByRole('img')).toHaveLength(1);
    expect(within(samples).getByRole('img')).toHaveAttribute('src', '/images/products/sample7.webp');
    expect(screen.getByRole('tab', { name: 'Create Collage' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Product Details' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'How to Create' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Why Customers Love Us' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Why choose our Hanging Polaroids - 5 Photos?' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add a photo to slot 5' })).toBeInTheDocument();
  });

  it('How It Works has three steps, FAQ eight questions; going back to Create keeps the editor', async () => {
    const user = userEvent.setup();
    renderCollage();
    await user.click(screen.getByRole('tab', { name: 'How It Works' }));
    const steps = within(screen.getByRole('tabpanel'));
    expect(steps.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Upload photos to each slot',
      'Adjust and crop',
      'Order',
    ]);
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('group')).toHaveLength(8);
    await user.click(screen.getByRole('tab', { name: 'Create Collage' }));
    expect(await screen.findByText('0 of 3 photos added')).toBeInTheDocument();
  });

  it('template32 carries the film-strip copy and heading', () => {
    renderCollage('/product/template32-collage');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Film Strip Collage - 3 Photos' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Film Strip Collage - 3 Photos \|/);
  });
});

describe('metadata and structured data', () => {
  const ldBlocks = () =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
      (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown> & { '@type': string },
    );

  it("sets title, description, keywords, social tags and canonical; the post-style page points at the catalog's address", () => {
    renderCollage('/product/template-collage');
    expect(document.title).toBe('Modern Post Style - 3 Photos | Custom Photo Collage Print | PrintShop');
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toContain('Fill 3 photo slots');
    expect(meta('meta[name="keywords"]')).toContain('post style collage');
    expect(meta('meta[property="og:title"]')).toBe(document.title);
    expect(meta('meta[property="og:image"]')).toBe(`${location.origin}/images/products/sample1.webp`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    expect(canonical).toBe(`${location.origin}/product/template1-collage`);
    const breadcrumb = ldBlocks().find((b) => b['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string; item: string }[];
    };
    expect(breadcrumb.itemListElement.map((e) => e.name)).toEqual([
      'Home',
      'Photo Collages',
      'Modern Post Style - 3 Photos',
    ]);
    expect(breadcrumb.itemListElement[2]!.item).toBe(canonical);
  });

  it('has three blocks: the product with offers 3.99-7.99, an FAQ of three entries and the breadcrumb', () => {
    renderCollage('/product/template15-collage');
    const blocks = ldBlocks();
    expect(blocks.map((b) => b['@type'])).toEqual(['Product', 'FAQPage', 'BreadcrumbList']);
    const product = blocks[0] as unknown as {
      offers: {
        lowPrice: number;
        highPrice: number;
        offerCount: number;
        offers: { sku: string; price: number }[];
      };
    };
    expect(product.offers).toMatchObject({ lowPrice: 3.99, highPrice: 7.99, offerCount: 3 });
    expect(product.offers.offers.map((o) => [o.sku, o.price])).toEqual([
      ['TEMPLATE15_COLLAGE_A5', 3.99],
      ['TEMPLATE15_COLLAGE_A4', 4.99],
      ['TEMPLATE15_COLLAGE_A3', 7.99],
    ]);
    expect((blocks[1] as unknown as { mainEntity: unknown[] }).mainEntity).toHaveLength(3);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${location.origin}/product/template15-collage`,
    );
  });
});

describe('the owner’s name and description', () => {
  const ldBlock = (type: string) =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
      .map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>)
      .find((block) => block['@type'] === type);
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
  const OWNER = { name: 'Polaroid String | Five photos', description: 'Five polaroids on a string, by us.' };

  beforeEach(() => {
    const listed = PRODUCTS.map((p) => ({
      sku: p.sku,
      name: p.name,
      category: p.category,
      family: p.family,
      price: p.basePriceUsdCents / 100,
      imageUrl: p.imageUrl,
      path: p.path,
      ...(p.sku === 'TEMPLATE7_COLLAGE' && OWNER),
    }));
    shop.server.on('GET /api/products', json({ success: true, data: listed, message: 'ok' }));
  });

  it('given the owner renamed the hanging-polaroids collage and wrote its description, when its page opens, then the template’s name shows first, then the owner’s in the heading, title and markup, and the owner’s description', async () => {
    renderCollage('/product/template7-collage');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Hanging Polaroids - 5 Photos$/);
    expect(description()).toContain('Fill 5 photo slots');

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Polaroid String$/),
    );
    expect(document.title).toBe('Polaroid String | Custom Photo Collage Print | PrintShop');
    expect(description()).toBe(OWNER.description);
    expect(ldBlock('Product')).toMatchObject({ name: 'Polaroid String', description: OWNER.description });
    const breadcrumb = ldBlock('BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(breadcrumb.itemListElement.at(-1)!.name).toBe('Polaroid String');
    expect(screen.getByRole('heading', { name: 'Why choose our Polaroid String?' })).toBeInTheDocument();
  });

  it('given the list names template32 as the code does, when it answers, then the page keeps the film-strip heading', async () => {
    const { queryClient } = renderCollage('/product/template32-collage');
    await waitFor(() => expect(queryClient.getQueryData(['products'])).toBeDefined());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Film Strip Collage - 3 Photos' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Film Strip Collage - 3 Photos \|/);
  });
});

describe('size, quantity and total', () => {
  it('starts at A4 and quantity 1: $4.99; A5 and A3 price at 3.99 and 7.99', async () => {
    const user = userEvent.setup();
    renderCollage();
    expect(screen.getByRole('radio', { name: /A4/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /A5/ })).toHaveAccessibleName(
      /148 x 210 mm.*Perfect for albums/,
    );
    expect(quantityInput()).toHaveValue('1');
    expect(total()).toBe('$4.99');
    expect(unitLine()).toBeNull();
    await user.click(screen.getByRole('radio', { name: /A5/ }));
    expect(total()).toBe('$3.99');
    await user.click(screen.getByRole('radio', { name: /A3/ }));
    expect(total()).toBe('$7.99');
  });

  it('the stepper never goes below 1; above 1 the total multiplies and "unit x quantity" shows', async () => {
    const user = userEvent.setup();
    renderCollage();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantityInput()).toHaveValue('3');
    expect(total()).toBe('$14.97');
    expect(unitLine()).toBe('$4.99 x 3');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(quantityInput()).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(unitLine()).toBeNull();
  });

  it('typed text that is not a number, or below 1, counts as 1 (and reads 1 once left); no upper bound', async () => {
    const user = userEvent.setup();
    renderCollage();
    await user.clear(quantityInput());
    await user.type(quantityInput(), 'abc');
    expect(total()).toBe('$4.99');
    await user.tab();
    expect(quantityInput()).toHaveValue('1');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '-4');
    expect(total()).toBe('$4.99');
    await user.tab();
    expect(quantityInput()).toHaveValue('1');
    await user.clear(quantityInput());
    await user.type(quantityInput(), '250');
    expect(total()).toBe('$1,247.50');
    expect(unitLine()).toBe('$4.99 x 250');
  });

  it('given ?size=a3 the page opens on A3; an unknown size falls back to A4', () => {
    const first = renderCollage('/product/template3-collage?size=a3');
    expect(screen.getByRole('radio', { name: /A3/ })).toBeChecked();
    first.unmount();
    renderCollage('/product/template3-collage?size=B7');
    expect(screen.getByRole('radio', { name: /A4/ })).toBeChecked();
  });

  it('prices in the chosen currency and follows a change of it', async () => {
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    const user = userEvent.setup();
    const { store } = renderCollage();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(total()).toBe(formatUsdCents(998, 'EUR'));
    expect(unitLine()).toBe(`${formatUsdCents(499, 'EUR')} x 2`);
    act(() => store.set(chooseCurrencyAtom, 'GBP'));
    expect(total()).toBe(formatUsdCents(998, 'GBP'));
    expect(total()).not.toBe(formatUsdCents(998, 'EUR'));
  });
  it('given yen, when 3 are ordered, then the total is the unit price in yen x 3, as the cart prices it (¥595 x 3 = ¥1,785)', async () => {
    localStorage.setItem(CURRENCY_KEY, 'JPY');
    const user = userEvent.setup();
    renderCollage('/product/template3-collage?size=a5');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    // $3.99 at 149 is ¥594.51: converting the $11.97 total instead would say ¥1,784.
    expect(unitLine()).toBe(`${formatUsdCents(399, 'JPY')} x 3`);
    expect(total()).toBe(formatMoney(convertFromUsd(399, 'JPY') * 3, 'JPY'));
    expect(total()).not.toBe(formatUsdCents(399 * 3, 'JPY'));
  });
});

describe('scrolling to the editor', () => {
  const editorTop = () => document.getElementById('create')!;

  it('choosing the Create tab scrolls to 80 px above the editor after 100 ms', async () => {
    const user = userEvent.setup();
    renderCollage();
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(scrolls).toEqual([]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return {
        top: this.id === 'create' ? 900 : 0,
        bottom: 0,
        left: 0,
        right: 0,
        width: 0,
        height: 0,
        x: 0,
        y: 0,
      } as DOMRect;
    });
    await user.click(screen.getByRole('tab', { name: 'Create Collage' }));
    expect(screen.getByRole('tab', { name: 'Create Collage' })).toHaveAttribute('aria-selected', 'true');
    expect(editorTop()).toBeInTheDocument();
    await waitFor(() => expect(scrolls).toEqual([{ top: 820, behavior: 'smooth' }]));
  });

  it.each(['/product/template-collage?create=true', '/product/template-collage#create'])(
    'given the deep link %s, the Create tab is chosen and the editor scrolled to',
    async (path) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        renderCollage(path);
        expect(screen.getByRole('tab', { name: 'Create Collage' })).toHaveAttribute('aria-selected', 'true');
        act(() => void vi.advanceTimersByTime(400));
        expect(scrolls).toEqual([]);
        act(() => void vi.advanceTimersByTime(150));
        expect(scrolls).toHaveLength(1);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('the floating "Create Collage" button shows once the hero is within 100 px of the top, and goes to the editor', async () => {
    let heroBottom = 400;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const bottom = this.classList.contains('collage-hero') ? heroBottom : 0;
      return { top: 0, bottom, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0 } as DOMRect;
    });
    const user = userEvent.setup();
    renderCollage();
    expect(screen.queryByRole('button', { name: 'Create Collage' })).not.toBeInTheDocument();
    heroBottom = 100;
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Create Collage' })).not.toBeInTheDocument();
    heroBottom = 99;
    fireEvent.scroll(window);
    await user.click(await screen.findByRole('tab', { name: 'How It Works' }));
    await user.click(screen.getByRole('button', { name: 'Create Collage' }));
    expect(screen.getByRole('tab', { name: 'Create Collage' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(scrolls).toHaveLength(1));
    expect(scrolls[0]).toMatchObject({ top: -80, behavior: 'smooth' });
  });

  it('given the create section on screen (a phone scrolled to its buttons), then no floating button covers them', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const [top, bottom] = this.classList.contains('collage-hero')
        ? [-600, -200]
        : this.classList.contains('collage-create')
          ? [-1000, 500]
          : [0, 0];
      return { top, bottom, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0 } as DOMRect;
    });
    renderCollage();
    fireEvent.scroll(window);
    expect(screen.getByRole('button', { name: 'Save & Create Another' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Collage' })).not.toBeInTheDocument();
  });
});
