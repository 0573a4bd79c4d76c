/// <reference types="node" />
// Component-test harness of the collage pages: the page rendered as the router would, drawing with
// the Node canvas, talking to a real HTTP test server that stores "uploads" and cart lines.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { configure } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { json, startTestServer, type RecordedRequest, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { CollagePage } from '../components/collage-page';
import { CanvasKitContext } from '../imaging/canvas-kit-context';
import type { CanvasKit } from '../imaging/canvas-kit';
import { listSavedCollages, removeSavedCollage } from '../saved/saved-collages-store';
import { installNodeWebGlobals, nodeCanvasKit } from './node-canvas';

/**
 * Registers the file's hooks: the Node canvas and web globals, and a test server answering like the
 * shop, emptied before each test. The harness is filled in before the first test.
 */
export function collageShop(): { server: TestServer } {
  const shop = {} as { server: TestServer };
  let restoreGlobals = () => {};
  beforeAll(async () => {
    // Drawing on a real canvas takes longer than the default second on a busy machine.
    configure({ asyncUtilTimeout: 10_000 });
    shop.server = await startTestServer();
    restoreGlobals = await installNodeWebGlobals();
  });
  afterAll(async () => {
    restoreGlobals();
    await shop.server?.close();
  });
  beforeEach(() => {
    configureApiClient({ origin: shop.server.origin, resetPosition: true });
    shop.server.requests.length = 0;
    answerLikeTheShop(shop.server);
  });
  return shop;
}

export function renderCollage(path = '/product/template-collage', kit: CanvasKit = nodeCanvasKit) {
  const product = productByPath(path.replace(/[?#].*$/, ''));
  if (!product?.collage) throw new Error(`${path} is not a collage page`);
  const page = (
    <CanvasKitContext.Provider value={kit}>
      <CollagePage product={product} template={product.collage} />
    </CanvasKitContext.Provider>
  );
  return {
    product,
    template: product.collage,
    ...renderApp(page, {
      path,
      routes: [
        { path: '/product/*', element: page },
        { path: '/cart', element: <p>Cart page</p> },
      ],
    }),
  };
}

/** The shop's answers: every upload gets the next id, every cart add answers with a line. */
export function answerLikeTheShop(server: TestServer) {
  let uploads = 0;
  server.on('POST /api/images/single', () =>
    json(
      { success: true, message: 'Uploaded', image: { id: `img-${++uploads}`, width: 10, height: 10 } },
      201,
    ),
  );
  server.on('POST /api/cart/item', (request) => {
    const body = JSON.parse(request.body) as { sku: string; quantity: number; croppedImageId: string };
    return json(
      {
        success: true,
        item: {
          id: `line-${body.croppedImageId}`,
          sku: body.sku,
          name: 'Collage',
          quantity: body.quantity,
          pricePerUnit: 4.99,
          lineTotal: 4.99 * body.quantity,
          cropped_image_id: body.croppedImageId,
          raw_image_id: null,
          imageUrl: `/images/${body.croppedImageId}`,
        },
      },
      201,
    );
  });
  server.on('GET /api/cart', json({ success: false, message: 'not used here' }, 404));
}

export const uploads = (server: TestServer) =>
  server.requests.filter((r) => r.method === 'POST' && r.url === '/api/images/single');
export const cartAdds = (server: TestServer) =>
  server.requests.filter((r) => r.method === 'POST' && r.url === '/api/cart/item');
export const fileNameOf = (request: RecordedRequest) => /filename="([^"]+)"/.exec(request.body)?.[1];

/** Click a slot, choose the file, apply the first crop. */
export async function fillSlot(user: UserEvent, slot: number, file: File): Promise<void> {
  await user.click(await screen.findByRole('button', { name: `Add a photo to slot ${slot}` }));
  await user.upload(screen.getByLabelText('Choose a photo for the slot'), file);
  const dialog = await screen.findByRole('dialog', { name: 'Crop Your Photo' });
  const apply = within(dialog).getByRole('button', { name: 'Apply Crop' });
  await waitFor(() => expect(apply).toBeEnabled());
  await user.click(apply);
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Crop Your Photo' })).not.toBeInTheDocument(),
  );
  await screen.findByAltText(`Photo in slot ${slot}`);
}

export async function clearSavedCollages(templateIds: readonly string[]): Promise<void> {
  for (const id of templateIds) {
    for (const saved of await listSavedCollages(id)) await removeSavedCollage(saved.id);
  }
}

export function removeToasts(): void {
  document.getElementById('collage-toasts')?.remove();
}
