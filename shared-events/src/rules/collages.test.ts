import { describe, expect, it } from 'vitest';
import {
  COLLAGE_SIZES,
  COLLAGE_TEMPLATES,
  collageSize,
  collageSku,
  collageTemplateById,
  collageTemplateByPage,
  parseCollageSku,
  zoneAspectRatio,
} from './collages';

describe('the collage templates of spec 2', () => {
  it.each([
    ['template-collage', 'post-style-3photos', 'Modern Post Style - 3 Photos', 3, 'TEMPLATE'],
    ['template3-collage', 'studio-grid-9photos', 'Studio Model Grid - 9 Photos', 9, 'TEMPLATE3'],
    ['template7-collage', 'hanging-polaroids-5photos', 'Hanging Polaroids - 5 Photos', 5, 'TEMPLATE7'],
    ['template12-collage', 'film-strip-7photos', 'Film Strip Collage - 7 Photos', 7, 'TEMPLATE12'],
    ['template15-collage', 'creative-grid-8photos', 'Creative Grid Collage - 8 Photos', 8, 'TEMPLATE15'],
    ['template16-collage', 'diamond-grid-9photos', 'Diamond Grid Collage - 9 Photos', 9, 'TEMPLATE16'],
    ['template18-collage', 'pink-grid-10photos', 'Pink Grid Collage - 10 Photos', 10, 'TEMPLATE18'],
    [
      'template21-collage',
      'friendship-story-4photos',
      'Friendship Story Collage - 4 Photos',
      4,
      'TEMPLATE21',
    ],
    [
      'template22-collage',
      'botanical-nature-4photos',
      'Botanical Nature Collage - 4 Photos',
      4,
      'TEMPLATE22',
    ],
    ['template30-collage', 'mixed-layout-7photos', 'Mixed Layout Collage - 7 Photos', 7, 'TEMPLATE30'],
    [
      'template32-collage',
      'vertical-moments-3photos',
      'Vertical Moments Collage - 3 Photos',
      3,
      'TEMPLATE12',
    ],
  ])('page %s is template %s (%s) with %i slots under %s', (page, id, name, slots, prefix) => {
    const t = collageTemplateByPage(page);
    expect(t).toMatchObject({ id, name, slots, skuPrefix: prefix });
    expect(collageTemplateById(id)).toBe(t);
  });

  it('has 11 pages with distinct ids', () => {
    expect(COLLAGE_TEMPLATES).toHaveLength(11);
    expect(new Set(COLLAGE_TEMPLATES.map((t) => t.id)).size).toBe(11);
    expect(new Set(COLLAGE_TEMPLATES.map((t) => t.page)).size).toBe(11);
  });

  it.each([18, 21, 22, 30])('template %i uses the image paths of spec 2 §3', (n) => {
    expect(COLLAGE_TEMPLATES.find((t) => t.number === n)).toMatchObject({
      templatePath: `/images/products/template${n}.png`,
      maskPath: `/images/products/mask${n}.png`,
      samplePath: `/images/products/sample${n}.webp`,
    });
  });

  it('builds template 1 from colour-detected zones without a mask and the rest from masks', () => {
    const [first, ...rest] = COLLAGE_TEMPLATES;
    expect(first).toMatchObject({ number: 1, builder: 'template', maskPath: undefined });
    expect(
      rest.every((t) => t.builder === 'mask' && t.maskPath === `/images/products/mask${t.number}.png`),
    ).toBe(true);
  });
});

describe('editor aspect ratios (spec 2 §9)', () => {
  it.each([
    [3, 3 / 4],
    [7, 3 / 4],
    [18, 3 / 4],
    [12, 4 / 3],
    [15, 4 / 3],
    [16, 4 / 3],
    [21, 1],
    [22, 1],
    [32, 16 / 9],
    [30, 4 / 3],
  ])('template %i crops at %d by default', (n, ratio) => {
    const t = COLLAGE_TEMPLATES.find((x) => x.number === n);
    expect(t?.defaultAspectRatio).toBe(ratio);
  });

  it('gives the mixed layout 16:9, two 3:4 and four square zones', () => {
    const mixed = collageTemplateByPage('template30-collage');
    if (!mixed) throw new Error('template30 is missing');
    expect([1, 2, 3, 4, 5, 6, 7].map((zone) => zoneAspectRatio(mixed, zone))).toEqual([
      16 / 9,
      3 / 4,
      3 / 4,
      1,
      1,
      1,
      1,
    ]);
    expect(zoneAspectRatio(mixed, 8)).toBe(4 / 3); // beyond the table: the default
  });

  it('crops every zone of the template builder square', () => {
    const post = collageTemplateByPage('template-collage');
    if (!post) throw new Error('template-collage is missing');
    expect(zoneAspectRatio(post, 1)).toBe(1);
    expect(zoneAspectRatio(post, 3)).toBe(1);
  });
});

describe('collage sizes', () => {
  it('are A5 3.99, A4 4.99 and A3 7.99 USD with the spec dimensions and descriptions', () => {
    expect(COLLAGE_SIZES.map((s) => [s.id, s.priceUsdCents, s.dimensions, s.description])).toEqual([
      ['A5', 399, '148 x 210 mm', 'Perfect for albums'],
      ['A4', 499, '210 x 297 mm', 'Standard size'],
      ['A3', 799, '297 x 420 mm', 'Large format'],
    ]);
  });

  it('default to A4, also for an unknown size', () => {
    expect(collageSize(undefined).id).toBe('A4');
    expect(collageSize('B2').id).toBe('A4');
    expect(collageSize('a3').id).toBe('A3');
  });
});

describe('collage SKUs', () => {
  it('are built as PREFIX_COLLAGE_SIZE', () => {
    expect(collageSku('TEMPLATE', 'A5')).toBe('TEMPLATE_COLLAGE_A5');
    expect(collageSku('TEMPLATE30', 'A3')).toBe('TEMPLATE30_COLLAGE_A3');
  });

  it('given TEMPLATE12_COLLAGE_A3, when parsed, then it is the film strip (and template32) in A3', () => {
    const parsed = parseCollageSku('TEMPLATE12_COLLAGE_A3');
    expect(parsed?.skuPrefix).toBe('TEMPLATE12');
    expect(parsed?.size.id).toBe('A3');
    expect(parsed?.template.id).toBe('film-strip-7photos');
    expect(parsed?.templates.map((t) => t.number)).toEqual([12, 32]);
  });

  it('given the post-style SKU without a number, when parsed, then it is template 1', () => {
    expect(parseCollageSku('template_collage_a4')?.template.id).toBe('post-style-3photos');
  });

  it.each([
    'TEMPLATE12_COLLAGE_A6',
    'TEMPLATE99_COLLAGE_A4',
    'TEMPLATE32_COLLAGE_A4',
    'TEMPLATE3_COLLAGE',
    'POSTERA4',
    '',
  ])('given %j, when parsed, then it is not a collage SKU', (sku) => {
    expect(parseCollageSku(sku)).toBeUndefined();
  });
});
