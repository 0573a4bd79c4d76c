import { describe, expect, it } from 'vitest';
import {
  CATEGORY_PAGES,
  FEATURED_SKUS,
  PRODUCTS,
  featuredProducts,
  filterShowcase,
  pricedSku,
  productBySku,
  productByPath,
  productsOnCategoryPage,
  searchProducts,
  shortName,
  showcaseGroupOf,
} from './catalog';
import { COLLAGE_SIZES, COLLAGE_TEMPLATES, collageSku } from './collages';

describe('featured products (spec 1 §9)', () => {
  it.each(FEATURED_SKUS)('featured SKU %s resolves to a product', (sku) => {
    expect(productBySku(sku)?.sku).toBe(sku);
  });

  it('lists the twelve featured SKUs in order', () => {
    expect(featuredProducts().map((p) => p.sku)).toEqual([
      'LARGERETROPOLAROIDWHITE',
      'MINIRETROPOLAROIDWHITE',
      'SQUAREPHOTO3INCH',
      'WIDEPOLAROIDWHITE',
      '4X6PHOTOPRINT',
      '5X7PHOTOPRINT',
      '8X10PHOTOPRINT',
      'FILMSTRIP2',
      'FILMSTRIPPHOTO',
      'POSTERA4',
      'POSTERA3',
      'POSTER1218',
    ]);
  });
});

describe('every product page of spec 1 §2 and spec 2 §2 resolves', () => {
  it.each([
    // Prints
    ['/product/large-polaroids', 'LARGERETROPOLAROIDWHITE'],
    ['/product/retro-polaroid-prints', 'LARGERETROPOLAROIDWHITE'],
    ['/product/large-retro-photo-prints-black', 'LARGERETROPOLAROIDBLACK'],
    ['/product/wide-retro-photo-prints-white-print-photos-online', 'WIDEPOLAROIDWHITE'],
    ['/product/mini-retro-photo-prints-white-print-photos-online', 'MINIRETROPOLAROIDWHITE'],
    ['/product/mini-retro-polaroids', 'MINIRETROPOLAROIDWHITE'],
    ['/product/mini-retro-photo-prints-black-print-photos-online', 'MINIRETROPOLAROIDBLACK'],
    ['/product/square-photo-prints-3inches', 'SQUAREPHOTO3INCH'],
    ['/product/square-photo-prints-4-inch-print-photos-online', 'SQUAREPHOTO4INCH'],
    ['/product/4x6-photo-prints', '4X6PHOTOPRINT'],
    ['/product/5x7-photo-prints-print-photos-online', '5X7PHOTOPRINT'],
    ['/product/8x10-photo-prints', '8X10PHOTOPRINT'],
    // Strips
    ['/product/single-film-strip-style-photo-print', 'FILMSTRIPPHOTO'],
    ['/product/film-style-photo-prints', 'FILMSTRIP2'],
    ['/product/good-vibes-photo-strip', 'PHOTOSTRIPGOODVIBES'],
    ['/product/my-boyfriend-photo-strip', 'PHOTOSTRIPMYBOYFRIEND'],
    ['/product/pink-hearts-photo-strip', 'PHOTOSTRIPPINKHEARTS'],
    ['/product/film-style-photo-strip', 'PHOTOSTRIPFILMSTYLE'],
    ['/product/minimalist-photo-strip', 'PHOTOSTRIPMINIMALIST'],
    ['/strips/white-photo-strips', 'PHOTOSTRIPWHITE'],
    ['/strips/black-photo-strips', 'PHOTOSTRIPBLACK'],
    // Posters: short and canonical paths
    ['/product/poster-a4', 'POSTERA4'],
    ['/product/poster-a3', 'POSTERA3'],
    ['/product/poster-12x18', 'POSTER1218'],
    ['/product/customized-poster-a4-print-custom-posters-online', 'POSTERA4'],
    ['/product/customized-poster-a3-print-custom-posters-online', 'POSTERA3'],
    ['/product/customized-poster-12x18-print-custom-posters-online', 'POSTER1218'],
    // Collages
    ['/product/template-collage', 'TEMPLATE_COLLAGE'],
    ['/product/template3-collage', 'TEMPLATE3_COLLAGE'],
    ['/product/template7-collage', 'TEMPLATE7_COLLAGE'],
    ['/product/template12-collage', 'TEMPLATE12_COLLAGE'],
    ['/product/template15-collage', 'TEMPLATE15_COLLAGE'],
    ['/product/template16-collage', 'TEMPLATE16_COLLAGE'],
    ['/product/template18-collage', 'TEMPLATE18_COLLAGE'],
    ['/product/template21-collage', 'TEMPLATE21_COLLAGE'],
    ['/product/template22-collage', 'TEMPLATE22_COLLAGE'],
    ['/product/template30-collage', 'TEMPLATE30_COLLAGE'],
    ['/product/template32-collage', 'TEMPLATE32_COLLAGE'],
    // Greeting cards
    ['/product/greeting-card', 'GREETINGCARDPORTRAIT'],
    ['/product/landscape-greeting-card', 'GREETINGCARDLANDSCAPE'],
  ])('%s -> %s', (path, sku) => {
    expect(productByPath(path)?.sku).toBe(sku);
  });

  it.each([
    'large-polaroids',
    'product/large-polaroids',
    '/product/large-polaroids/',
    '/PRODUCT/Large-Polaroids?ref=home#top',
  ])('given the path written as %j, when looked up, then it still resolves', (path) => {
    expect(productByPath(path)?.sku).toBe('LARGERETROPOLAROIDWHITE');
  });

  it.each(['', '/', '/product/', '/product/nope', '/cart', '/strips'])(
    'given %j, when looked up, then nothing is found',
    (path) => {
      expect(productByPath(path)).toBeUndefined();
    },
  );

  it('gives every product a path that leads back to it', () => {
    for (const product of PRODUCTS) {
      expect(productByPath(product.path), product.sku).toBe(product);
      for (const alias of product.aliases) expect(productByPath(alias), alias).toBe(product);
    }
  });
});

describe('product records', () => {
  it('have unique SKUs and well-formed fields', () => {
    expect(new Set(PRODUCTS.map((p) => p.sku)).size).toBe(PRODUCTS.length);
    for (const p of PRODUCTS) {
      expect(p.name, p.sku).toMatch(/^[^|]+ \| [^|]+$/);
      expect(Number.isSafeInteger(p.basePriceUsdCents) && p.basePriceUsdCents > 0, p.sku).toBe(true);
      expect(p.imageUrl, p.sku).toMatch(/^\/images\/products\/[\w.-]+\.(webp|png|jpg)$/);
      expect(p.path, p.sku).toMatch(/^\/[a-z0-9/-]+$/);
      expect(p.cropAspectRatio, p.sku).toBeGreaterThan(0);
      expect(p.printSize.width > 0 && p.printSize.height > 0, p.sku).toBe(true);
    }
  });

  it('crop single-photo products to the shape they print at', () => {
    for (const p of PRODUCTS.filter((x) => x.slots === undefined)) {
      expect(p.cropAspectRatio, p.sku).toBeCloseTo(p.printSize.width / p.printSize.height, 10);
    }
  });

  it('give slots only to strips and collages, with a unit per family', () => {
    const units = Object.fromEntries(PRODUCTS.map((p) => [p.family, p.unit]));
    expect(units).toEqual({
      'retro-prints': 'print',
      'standard-prints': 'print',
      'film-strips': 'strip',
      'photo-strips': 'strip',
      posters: 'poster',
      collages: 'collage',
      'greeting-cards': 'card',
    });
    for (const p of PRODUCTS)
      expect(p.slots !== undefined, p.sku).toBe(p.unit === 'strip' || p.unit === 'collage');
  });

  it('price the posters at 1.78, 1.98 and 2.18 USD with the spec meta ids, ratios and badges', () => {
    const posters = ['POSTERA4', 'POSTERA3', 'POSTER1218'].map((sku) => productBySku(sku));
    expect(
      posters.map((p) => [p?.basePriceUsdCents, p?.metaContentId, p?.cropAspectRatio, p?.badge]),
    ).toEqual([
      [178, 'POSTERA4_12345', 210 / 297, 'Popular Choice'],
      [198, 'POSTERA3_12346', 297 / 420, 'Professional Size'],
      [218, 'POSTER1218_12347', 12 / 18, 'Premium Choice'],
    ]);
  });

  it('make one collage product per template page, with three sized SKUs each', () => {
    const collages = PRODUCTS.filter((p) => p.category === 'Collages');
    expect(collages).toHaveLength(11);
    for (const t of COLLAGE_TEMPLATES) {
      const product = productByPath(`/product/${t.page}`);
      expect(product?.slots, t.page).toBe(t.slots);
      expect(product?.basePriceUsdCents, t.page).toBe(399);
      expect(
        product?.sizes?.map((s) => [s.sku, s.priceUsdCents]),
        t.page,
      ).toEqual(COLLAGE_SIZES.map((s) => [collageSku(t.skuPrefix, s.id), s.priceUsdCents]));
    }
    expect(productByPath('/product/template32-collage')?.sizes?.[2]?.sku).toBe('TEMPLATE12_COLLAGE_A3');
  });

  it('gives the two greeting cards portrait and landscape shapes', () => {
    expect(productBySku('GREETINGCARDPORTRAIT')?.cropAspectRatio).toBeLessThan(1);
    expect(productBySku('GREETINGCARDLANDSCAPE')?.cropAspectRatio).toBeGreaterThan(1);
  });
});

describe('productBySku and pricedSku', () => {
  it('finds a product by any of its SKUs, case-insensitively', () => {
    expect(productBySku('postera4')?.sku).toBe('POSTERA4');
    expect(productBySku('TEMPLATE3_COLLAGE_A5')?.sku).toBe('TEMPLATE3_COLLAGE');
    // The template12 SKUs belong to the film strip page first.
    expect(productBySku('TEMPLATE12_COLLAGE_A4')?.collage?.number).toBe(12);
    expect(productBySku('NOPE')).toBeUndefined();
  });

  it.each([
    ['POSTERA4', 178, 'A4 Poster | Customized Poster Print'],
    ['4x6photoprint', 39, '4x6 Photo Prints | Print Photos Online'],
    ['TEMPLATE_COLLAGE_A5', 399, 'Modern Post Style - 3 Photos (A5) | Photo Collage Print'],
    ['TEMPLATE12_COLLAGE_A3', 799, 'Film Strip Collage - 7 Photos (A3) | Photo Collage Print'],
    ['TEMPLATE30_COLLAGE_A4', 499, 'Mixed Layout Collage - 7 Photos (A4) | Photo Collage Print'],
  ])('prices %s at %i USD cents as %s', (sku, price, name) => {
    expect(pricedSku(sku)).toMatchObject({ sku: sku.toUpperCase(), unitPriceUsdCents: price, name });
  });

  it.each(['TEMPLATE3_COLLAGE', 'TEMPLATE32_COLLAGE_A4', 'TEMPLATE3_COLLAGE_A6', 'NOPE', ''])(
    'given %j, when priced, then it cannot be ordered as is',
    (sku) => {
      expect(pricedSku(sku)).toBeUndefined();
    },
  );
});

describe('showcase groups (spec 1 §3)', () => {
  it('sorts the featured products into retro, standard, strips and posters', () => {
    const featured = featuredProducts();
    expect(filterShowcase(featured, 'retro').map((p) => p.sku)).toEqual([
      'LARGERETROPOLAROIDWHITE',
      'MINIRETROPOLAROIDWHITE',
      'WIDEPOLAROIDWHITE',
    ]);
    // SQUAREPHOTO3INCH has neither RETRO nor POLAROID in its SKU, so it is "standard".
    expect(filterShowcase(featured, 'standard').map((p) => p.sku)).toEqual([
      'SQUAREPHOTO3INCH',
      '4X6PHOTOPRINT',
      '5X7PHOTOPRINT',
      '8X10PHOTOPRINT',
    ]);
    expect(filterShowcase(featured, 'strips').map((p) => p.sku)).toEqual(['FILMSTRIP2', 'FILMSTRIPPHOTO']);
    expect(filterShowcase(featured, 'posters').map((p) => p.sku)).toEqual([
      'POSTERA4',
      'POSTERA3',
      'POSTER1218',
    ]);
    expect(filterShowcase(featured, 'all')).toHaveLength(12);
  });

  it.each([
    [{ sku: 'x-retro-y', category: 'Photo Prints' }, 'retro'],
    [{ sku: 'POLAROIDX', category: 'Retro Prints' }, 'retro'],
    [{ sku: 'PLAIN', category: 'Retro Prints' }, 'standard'],
    [{ sku: 'RETROSTRIP', category: 'Strips' }, 'strips'],
    [{ sku: 'TEMPLATE3_COLLAGE', category: 'Collages' }, 'standard'],
    [{ sku: 'CARD', category: 'Greeting Cards' }, 'standard'],
    [{ sku: 'POSTERA4', category: 'Posters' }, 'posters'],
  ])('given %j, then its group is %s', (product, group) => {
    expect(showcaseGroupOf(product)).toBe(group);
  });

  it('shows the name before " | " on a card', () => {
    expect(shortName('A4 Poster | Customized Poster Print')).toBe('A4 Poster');
    expect(shortName('No suffix')).toBe('No suffix');
  });
});

describe('searchProducts', () => {
  it('matches name, category and SKU, case-insensitively', () => {
    expect(searchProducts('POSTER').map((p) => p.sku)).toEqual(['POSTERA4', 'POSTERA3', 'POSTER1218']);
    expect(searchProducts('greeting cards').map((p) => p.sku)).toEqual([
      'GREETINGCARDPORTRAIT',
      'GREETINGCARDLANDSCAPE',
    ]);
    expect(searchProducts('8x10photo').map((p) => p.sku)).toEqual(['8X10PHOTOPRINT']);
    expect(searchProducts('template12_collage_a3').map((p) => p.sku)).toEqual([
      'TEMPLATE12_COLLAGE',
      'TEMPLATE32_COLLAGE',
    ]);
    expect(searchProducts('retro prints').length).toBeGreaterThan(0);
  });

  it('finds nothing for an empty or unknown query', () => {
    expect(searchProducts('   ')).toEqual([]);
    expect(searchProducts('zzz')).toEqual([]);
  });
});

describe('category pages (spec 1 §2)', () => {
  it('list their families and nothing else', () => {
    expect(productsOnCategoryPage('/prints')?.every((p) => p.unit === 'print')).toBe(true);
    expect(productsOnCategoryPage('/product-category/customisations')).toEqual(
      productsOnCategoryPage('/prints'),
    );
    expect(productsOnCategoryPage('/strips')?.map((p) => p.sku)).toContain('PHOTOSTRIPWHITE');
    expect(productsOnCategoryPage('/posters')).toHaveLength(3);
    expect(productsOnCategoryPage('/collages')).toHaveLength(11);
    expect(productsOnCategoryPage('/greeting-cards')).toHaveLength(2);
    expect(productsOnCategoryPage('/nope')).toBeUndefined();
    expect(CATEGORY_PAGES.every((page) => (productsOnCategoryPage(page.path)?.length ?? 0) > 0)).toBe(true);
  });
});
