// 'Save & Create Another' and 'Add All n Collages to Cart' (spec 2 §4, §8), with the saved list kept
// in IndexedDB (fake-indexeddb here): it survives the editor's reset and a reload, and a collage
// leaves it only once added to the cart or removed.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '@/test/http-server';
import type { CanvasKit } from '../imaging/canvas-kit';
import { listSavedCollages } from '../saved/saved-collages-store';
import { nodeCanvasKit, photoFile } from '../test-support/node-canvas';
import {
  cartAdds,
  clearSavedCollages,
  fileNameOf,
  fillSlot,
  removeToasts,
  renderCollage,
  collageShop,
  uploads,
} from '../test-support/render-collage';

const shop = collageShop();
afterEach(async () => {
  removeToasts();
  await clearSavedCollages(['post-style-3photos']);
});

async function makeAndSave(user: UserEvent, hue: number, quantity = 1) {
  for (let slot = 1; slot <= 3; slot++)
    await fillSlot(user, slot, await photoFile(`p${slot}.png`, 400, 400, hue + slot * 30));
  for (let q = 1; q < quantity; q++)
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
  await user.click(screen.getByRole('button', { name: 'Save & Create Another' }));
  await screen.findAllByText('Collage saved! Create another one or add all to cart.');
  await screen.findByText('0 of 3 photos added');
}

describe('Save & Create Another', () => {
  it('saves the collage, resets the editor, lists it, and the list survives a reload', async () => {
    const user = userEvent.setup();
    const first = renderCollage();
    await makeAndSave(user, 0, 2);
    expect(screen.getByRole('button', { name: 'Add a photo to slot 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    const list = await screen.findByRole('region', { name: 'Saved Collages (1)' });
    expect(within(list).getByText(/A4 \(210 x 297 mm\) · Qty 2/)).toBeInTheDocument();
    expect(await within(list).findByAltText('Saved collage 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add All 1 Collages to Cart' })).toBeEnabled();
    // Each slot photo was uploaded as its slot was filled; saving itself writes nothing more.
    expect(shop.server.requests.filter((r) => r.method !== 'GET')).toHaveLength(3);
    expect(uploads(shop.server).map(fileNameOf)).toEqual(['image.jpg', 'image.jpg', 'image.jpg']);

    const [saved] = await listSavedCollages('post-style-3photos');
    expect(saved).toMatchObject({ templateName: 'Modern Post Style - 3 Photos', size: 'A4', quantity: 2 });
    expect(saved!.id).toMatch(/^collage-\d+$/);
    expect(saved!.collageBlob.type).toBe('image/jpeg');
    expect(saved!.slots.map((s) => s.slotId)).toEqual([1, 2, 3]);

    first.unmount();
    renderCollage();
    expect(await screen.findByRole('region', { name: 'Saved Collages (1)' })).toBeInTheDocument();
  });

  it('removing a saved collage takes it out for good', async () => {
    const user = userEvent.setup();
    const first = renderCollage();
    await makeAndSave(user, 0);
    await makeAndSave(user, 90);
    expect(screen.getByRole('region', { name: 'Saved Collages (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove saved collage 1' }));
    expect(await screen.findByRole('region', { name: 'Saved Collages (1)' })).toBeInTheDocument();
    first.unmount();
    renderCollage();
    expect(await screen.findByRole('region', { name: 'Saved Collages (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove saved collage 1' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Saved Collages/ })).not.toBeInTheDocument(),
    );
  });

  it('given the collage cannot be made, then "Failed to save collage. Please try again." and nothing is saved or reset', async () => {
    const failing: CanvasKit = {
      ...nodeCanvasKit,
      encode: (surface, type, quality) =>
        type === 'image/jpeg'
          ? Promise.reject(new Error('Canvas is empty'))
          : nodeCanvasKit.encode(surface, type, quality),
    };
    const user = userEvent.setup();
    renderCollage('/product/template-collage', failing);
    for (let slot = 1; slot <= 3; slot++)
      await fillSlot(user, slot, await photoFile(`p${slot}.png`, 300, 300));
    await user.click(screen.getByRole('button', { name: 'Save & Create Another' }));
    expect(await screen.findByText('Failed to save collage. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByText('3 of 3 photos added')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Saved Collages/ })).not.toBeInTheDocument();
    expect(await listSavedCollages('post-style-3photos')).toEqual([]);
  });
});

describe('Add All n Collages to Cart', () => {
  it('adds collage by collage (slot photos, then its collage, then its line), says so, goes to /cart and empties the list', async () => {
    const user = userEvent.setup();
    const first = renderCollage();
    await makeAndSave(user, 0, 2);
    await user.click(screen.getByRole('radio', { name: /A5/ }));
    await makeAndSave(user, 120);
    first.unmount();
    const { history } = renderCollage();
    const addAll = await screen.findByRole('button', { name: 'Add All 2 Collages to Cart' });

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    shop.server.on('POST /api/cart/item', (request) => {
      const body = JSON.parse(request.body) as { sku: string; quantity: number; croppedImageId: string };
      return {
        ...json(
          {
            success: true,
            item: {
              id: 'l',
              sku: body.sku,
              name: 'c',
              quantity: body.quantity,
              lineTotal: 1,
              cropped_image_id: body.croppedImageId,
              imageUrl: '/images/x',
            },
          },
          201,
        ),
        wait: held,
      };
    });
    await user.click(addAll);
    expect(await screen.findByRole('button', { name: /Adding All to Cart\.\.\./ })).toBeDisabled();
    release();
    expect(await screen.findByText('2 collages added to cart!')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/cart'));

    // The slot photos went up as the slots were filled (and were kept with the saved collages);
    // adding sends only each composite.
    expect(uploads(shop.server).map(fileNameOf)).toEqual([
      ...Array.from({ length: 6 }, () => 'image.jpg'),
      ...['collage.jpg', 'collage.jpg'],
    ]);
    const lines = cartAdds(shop.server).map((r) => JSON.parse(r.body));
    expect(lines.map((l) => [l.sku, l.quantity, l.croppedImageId, l.customizationData.size])).toEqual([
      ['TEMPLATE_COLLAGE_A4', 2, 'img-7', 'A4'],
      ['TEMPLATE_COLLAGE_A5', 1, 'img-8', 'A5'],
    ]);
    expect(lines.map((l) => l.customizationData.images.map((i: { imageId: string }) => i.imageId))).toEqual([
      ['img-1', 'img-2', 'img-3'],
      ['img-4', 'img-5', 'img-6'],
    ]);
    expect(await listSavedCollages('post-style-3photos')).toEqual([]);
  });

  it('given a later collage failing, the earlier stays in the cart and leaves the list; the failed one stays saved', async () => {
    const user = userEvent.setup();
    const { history } = renderCollage();
    await makeAndSave(user, 0);
    await makeAndSave(user, 200, 3);
    let adds = 0;
    const answer = (request: { body: string }) => {
      adds++;
      if (adds === 2) return json({ success: false, message: 'Cart unavailable' }, 503);
      const body = JSON.parse(request.body) as { sku: string; quantity: number; croppedImageId: string };
      return json(
        {
          success: true,
          item: {
            id: 'l',
            sku: body.sku,
            name: 'c',
            quantity: body.quantity,
            lineTotal: 1,
            cropped_image_id: body.croppedImageId,
            imageUrl: '/images/x',
          },
        },
        201,
      );
    };
    shop.server.on('POST /api/cart/item', answer);
    await user.click(screen.getByRole('button', { name: 'Add All 2 Collages to Cart' }));
    expect(await screen.findByText('Failed to add collages to cart. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(history.location.pathname).toBe('/product/template-collage');
    expect(cartAdds(shop.server)).toHaveLength(2);
    const list = await screen.findByRole('region', { name: 'Saved Collages (1)' });
    expect(within(list).getByText(/Qty 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add All 1 Collages to Cart' })).toBeEnabled();
  });
});
