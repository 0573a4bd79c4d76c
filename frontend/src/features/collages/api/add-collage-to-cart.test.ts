// One collage into the cart (spec 2 §4, §5): the three validation failures with their sentences, the
// order of calls, and the cart line of each template (template32 sells under TEMPLATE12).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collageTemplateByPage } from '@printshop/shared-events/rules/collages';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { installNodeWebGlobals } from '../test-support/node-canvas';
import { answerLikeTheShop, cartAdds, fileNameOf, uploads } from '../test-support/render-collage';
import { addCollageToCart, collageCartItem, COLLAGE_ERRORS, type CollageOrder } from './add-collage-to-cart';

let server: TestServer;
let restoreGlobals: () => void;
beforeAll(async () => {
  server = await startTestServer();
  restoreGlobals = await installNodeWebGlobals();
});
afterAll(async () => {
  restoreGlobals();
  await server.close();
});
beforeEach(() => {
  configureApiClient({ origin: server.origin, resetPosition: true });
  server.requests.length = 0;
  answerLikeTheShop(server);
});

const template = collageTemplateByPage('template-collage')!;
const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });
const position = { x: 1, y: 2, width: 3, height: 4 };

function order(overrides: Partial<CollageOrder> = {}): CollageOrder {
  return {
    template,
    templateName: template.name,
    size: 'A4',
    quantity: 1,
    slots: [1, 2, 3].map((slotId) => ({ slotId, file: jpeg(`photo ${slotId}`), position })),
    collage: jpeg('collage'),
    ...overrides,
  };
}

describe('addCollageToCart', () => {
  it('uploads the slot photos, then the collage, then adds the line with the collage as its picture', async () => {
    await addCollageToCart(order({ quantity: 3 }));
    expect(uploads(server).map(fileNameOf)).toEqual(['image.jpg', 'image.jpg', 'image.jpg', 'collage.jpg']);
    expect(uploads(server)[3]!.body).toContain('collage');
    const body = JSON.parse(cartAdds(server)[0]!.body);
    expect(body).toEqual({
      sku: 'TEMPLATE_COLLAGE_A4',
      quantity: 3,
      croppedImageId: 'img-4',
      customizationData: {
        templatePath: '/images/products/template1.png',
        templateName: 'Modern Post Style - 3 Photos',
        size: 'A4',
        sizeName: 'A4',
        dimensions: '210 x 297 mm',
        images: [1, 2, 3].map((slotId) => ({ slotId, imageId: `img-${slotId}`, position })),
      },
    });
  });

  it('given a slot without its file, it fails with "Image file is missing" before any call', async () => {
    const slots = order().slots.map((slot, i) => (i === 1 ? { ...slot, file: undefined } : slot));
    await expect(addCollageToCart(order({ slots }))).rejects.toThrow(COLLAGE_ERRORS.imageMissing);
    expect(COLLAGE_ERRORS.imageMissing).toBe('Image file is missing');
    expect(server.requests).toHaveLength(0);
  });

  it('given no composed collage, it fails with "Collage blob is missing" before any call', async () => {
    await expect(addCollageToCart(order({ collage: undefined }))).rejects.toThrow('Collage blob is missing');
    expect(server.requests).toHaveLength(0);
  });

  it('given an upload answer without the image id, it fails with "Failed to get collage ID from upload response"', async () => {
    server.on('POST /api/images/single', json({ success: true, image: {} }, 201));
    await expect(addCollageToCart(order())).rejects.toThrow('Failed to get collage ID from upload response');
    expect(cartAdds(server)).toHaveLength(0);
  });
});

describe('collageCartItem', () => {
  it.each([
    ['template-collage', 'A5', 'TEMPLATE_COLLAGE_A5'],
    ['template3-collage', 'A4', 'TEMPLATE3_COLLAGE_A4'],
    ['template12-collage', 'A3', 'TEMPLATE12_COLLAGE_A3'],
    ['template30-collage', 'A5', 'TEMPLATE30_COLLAGE_A5'],
    ['template32-collage', 'A4', 'TEMPLATE12_COLLAGE_A4'],
  ] as const)('%s in %s sells as %s', (page, size, sku) => {
    const t = collageTemplateByPage(page)!;
    const item = collageCartItem({ template: t, templateName: t.name, size, quantity: 1 }, 'c1', []);
    expect(item.sku).toBe(sku);
    expect(item.customizationData?.templatePath).toBe(t.templatePath);
  });
});
