// The strip the browser composes (and the shopper sees in the cart) is laid out as the print: the
// frames command-service's slot-render.ts prints (print-layout.ts stripLayout), each of the crop's
// aspect, on the strip's own background; not frames stretched to fill the strip.
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { stripLayout } from '@printshop/shared-events/rules/print-layout';
import { json, type TestServer } from '@/test/http-server';
import { stripPreview, type StripPreview } from '../strips';
import { installNodeFileApis, photo, testImageTools } from '../testing/browser-apis';
import { chooseFiles, cropOne, renderPage, startShopServer } from '../testing/creation-harness';
import { StandardProductPage } from './standard-product-page';

let server: TestServer & { uploads: number };
beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
  server.on(
    'POST /api/images/single',
    json({ success: true, image: { id: 'strip-1', width: 600, height: 1800 } }, 201),
  );
  server.on('POST /api/cart/photostrips', json({ success: true, item: { id: 'l1' } }, 201));
});
afterEach(() => server.close());

async function composedLayout(sku: string, path: string): Promise<StripPreview> {
  const product = productBySku(sku)!;
  const composeStrip = vi.fn(testImageTools.composeStrip);
  const { user } = renderPage(
    <StandardProductPage product={product} imageTools={{ ...testImageTools, composeStrip }} />,
    path,
  );
  await chooseFiles(
    user,
    [1, 2, 3].map((n) => photo(`s${n}.png`)),
  );
  for (const n of [1, 2, 3]) await cropOne(user, `s${n}.png`);
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  expect(await screen.findByText('1 strip added to cart!')).toBeInTheDocument();
  expect(composeStrip).toHaveBeenCalledTimes(1);
  return composeStrip.mock.calls[0]![1];
}

describe('the strip preview is the print', () => {
  it('given a Good Vibes strip of three photos, when added, then the composed strip has the printed frames of the crop aspect on its design colour', async () => {
    const layout = await composedLayout('PHOTOSTRIPGOODVIBES', '/product/good-vibes-photo-strip');
    const product = productBySku('PHOTOSTRIPGOODVIBES')!;
    expect(layout.size).toEqual({ width: 600, height: 1800 });
    expect(layout.frames).toEqual(stripLayout(layout.size, 3, product.cropAspectRatio, true).frames);
    for (const frame of layout.frames)
      expect(frame.width / frame.height).toBeCloseTo(product.cropAspectRatio, 1);
    expect(layout.background).toBe('#fff6d6');
  });

  it('given a plain black strip, then its frames spread evenly, of the crop aspect, on black', () => {
    const product = productBySku('PHOTOSTRIPBLACK')!;
    const preview = stripPreview(product, 3);
    expect(preview.frames).toEqual(stripLayout(preview.size, 3, product.cropAspectRatio, false).frames);
    for (const frame of preview.frames)
      expect(frame.width / frame.height).toBeCloseTo(product.cropAspectRatio, 1);
    expect(preview.background).toBe('#111111');
  });
});
