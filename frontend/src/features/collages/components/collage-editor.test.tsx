// The collage editor (spec 2 §2, §4, §5, §8): slots found on the template, the crop dialog, progress,
// Add to Cart's rules, the upload-then-add sequence with its payload, and every failure's toast.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http-server';
import type { CanvasKit } from '../imaging/canvas-kit';
import { nodeCanvasKit, photoFile } from '../test-support/node-canvas';
import {
  cartAdds,
  fileNameOf,
  fillSlot,
  removeToasts,
  renderCollage,
  collageShop,
  uploads,
} from '../test-support/render-collage';

const shop = collageShop();
afterEach(removeToasts);

const progress = (filled: number, of: number) => `${filled} of ${of} photos added`;

describe('slots', () => {
  it('given the post-style page, when the template is analysed, then its 3 slots show, none filled, Add to Cart disabled', async () => {
    renderCollage('/product/template-collage');
    expect(screen.getByText('Analysing the template…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add a photo to slot 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a photo to slot 4' })).not.toBeInTheDocument();
    expect(screen.getByText(progress(0, 3))).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Photos added' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save & Create Another' })).toBeDisabled();
  });

  it('given a mask page, then the slots come from its mask (10 on the pink grid)', async () => {
    renderCollage('/product/template18-collage');
    expect(await screen.findByRole('button', { name: 'Add a photo to slot 10' })).toBeInTheDocument();
    expect(screen.getByText(progress(0, 10))).toBeInTheDocument();
  });

  it('given a mask that cannot be read, then three default slots stand in', async () => {
    const broken: CanvasKit = {
      ...nodeCanvasKit,
      loadPicture: (source) =>
        typeof source === 'string' && source.includes('mask')
          ? Promise.reject(new Error('unreadable'))
          : nodeCanvasKit.loadPicture(source),
    };
    renderCollage('/product/template3-collage', broken);
    expect(await screen.findByRole('button', { name: 'Add a photo to slot 3' })).toBeInTheDocument();
    expect(screen.getByText(progress(0, 3))).toBeInTheDocument();
  });
});

describe('the crop dialog', () => {
  it('given a chosen photo, then "Crop Your Photo" offers zoom 1-3 in 0.05 steps, Cancel and Apply Crop; Cancel leaves the slot empty', async () => {
    const user = userEvent.setup();
    renderCollage();
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 1' }));
    await user.upload(
      screen.getByLabelText('Choose a photo for the slot'),
      await photoFile('a.png', 640, 480),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Crop Your Photo' });
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.05');
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(zoom).toHaveValue('1.05');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(progress(0, 3))).toBeInTheDocument();
  });

  it("crops square on the template-built page, and at each slot's ratio on mask pages", async () => {
    const user = userEvent.setup();
    const ratioFor = async (slot: number) => {
      await user.click(await screen.findByRole('button', { name: `Add a photo to slot ${slot}` }));
      await user.upload(
        screen.getByLabelText('Choose a photo for the slot'),
        await photoFile('a.png', 320, 240),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Crop Your Photo' });
      const ratio = Number(dialog.querySelector('[data-aspect]')?.getAttribute('data-aspect'));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      return Math.round(ratio * 100) / 100;
    };
    const first = renderCollage('/product/template-collage');
    expect(await ratioFor(1)).toBe(1);
    first.unmount();
    const mixed = renderCollage('/product/template30-collage');
    expect([
      await ratioFor(1),
      await ratioFor(2),
      await ratioFor(3),
      await ratioFor(4),
      await ratioFor(7),
    ]).toEqual([1.78, 0.75, 0.75, 1, 1]);
    mixed.unmount();
    renderCollage('/product/template3-collage');
    expect(await ratioFor(5)).toBe(0.75);
  });

  it('given a file that is not an image, then the alert "Please select an image file" and no dialog', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup({ applyAccept: false });
    renderCollage();
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 2' }));
    await user.upload(
      screen.getByLabelText('Choose a photo for the slot'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(alert).toHaveBeenCalledWith('Please select an image file');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a filled slot, when it is clicked, then it does not reopen; its photo can be removed', async () => {
    const user = userEvent.setup();
    renderCollage();
    await fillSlot(user, 1, await photoFile('a.png', 640, 480));
    expect(screen.getByText(progress(1, 3))).toBeInTheDocument();
    await user.click(screen.getByTestId('zone-1'));
    await user.upload(
      screen.getByLabelText('Choose a photo for the slot'),
      await photoFile('b.png', 640, 480),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the photo from slot 1' }));
    expect(screen.getByText(progress(0, 3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a photo to slot 1' })).toBeInTheDocument();
  });
});

describe('Add to Cart', () => {
  async function fillAll(user: ReturnType<typeof userEvent.setup>, count: number) {
    for (let slot = 1; slot <= count; slot++)
      await fillSlot(user, slot, await photoFile(`p${slot}.png`, 480, 480, slot * 40));
  }

  it('is enabled only once every slot has a photo', async () => {
    const user = userEvent.setup();
    renderCollage();
    await fillSlot(user, 1, await photoFile('a.png', 500, 500));
    await fillSlot(user, 2, await photoFile('b.png', 500, 500));
    expect(screen.getByText(progress(2, 3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await fillSlot(user, 3, await photoFile('c.png', 500, 500));
    expect(screen.getByText(progress(3, 3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('uploads the slot photos (image.jpg) and the collage (collage.jpg), adds the line, says so and goes to /cart', async () => {
    const user = userEvent.setup();
    const { history } = renderCollage();
    await fillAll(user, 3);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('radio', { name: /A3/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Collage added to cart!')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/cart'));

    const sent = uploads(shop.server);
    expect(sent.map(fileNameOf)).toEqual(['image.jpg', 'image.jpg', 'image.jpg', 'collage.jpg']);
    expect(sent[3]!.body).toContain('Content-Type: image/jpeg');
    const [add] = cartAdds(shop.server);
    const body = JSON.parse(add!.body);
    expect(body).toMatchObject({
      sku: 'TEMPLATE_COLLAGE_A3',
      quantity: 2,
      croppedImageId: 'img-4',
      customizationData: {
        templatePath: '/images/products/template1.png',
        templateName: 'Modern Post Style - 3 Photos',
        size: 'A3',
        sizeName: 'A3',
        dimensions: '297 x 420 mm',
      },
    });
    expect(
      body.customizationData.images.map((i: { slotId: number; imageId: string }) => [i.slotId, i.imageId]),
    ).toEqual([
      [1, 'img-1'],
      [2, 'img-2'],
      [3, 'img-3'],
    ]);
    expect(body.customizationData.images[0].position).toEqual({ x: 60, y: 250, width: 960, height: 960 });
  });

  it('while the collage is being added, the button says so and stays disabled', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderCollage();
    await fillAll(user, 3);
    shop.server.on('POST /api/cart/item', {
      ...json({ success: false, message: 'Server busy' }, 503),
      wait: held,
    });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const busy = await screen.findByRole('button', { name: /Adding to Cart\.\.\./ });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save & Create Another' })).toBeDisabled();
    release();
    expect(await screen.findByText('Failed to create collage. Please try again.')).toBeInTheDocument();
    // The busy flag is cleared: the shopper can try again.
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('given an add that failed (its answer lost: it may have landed), when pressed again, then it is the same request; a changed collage is another', async () => {
    const user = userEvent.setup();
    renderCollage();
    await fillAll(user, 3);
    shop.server.on('POST /api/cart/item', json({ success: false, message: 'Server busy' }, 503));
    const press = async () => {
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Failed to create collage. Please try again.')).toBeInTheDocument();
      removeToasts();
      await screen.findByRole('button', { name: 'Add to Cart' });
    };
    await press();
    await press();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await press();
    const ids = cartAdds(shop.server).map((add) => JSON.parse(add.body).event_id as string);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('given an upload answer without the collage id, then the error toast, no cart line, and Add to Cart works again', async () => {
    const user = userEvent.setup();
    const { history } = renderCollage();
    await fillAll(user, 3);
    shop.server.on('POST /api/images/single', json({ success: true, message: 'Uploaded' }, 201));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to create collage. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(cartAdds(shop.server)).toHaveLength(0);
    expect(history.location.pathname).toBe('/product/template-collage');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('given a refused upload, then the error toast and nothing added', async () => {
    const user = userEvent.setup();
    renderCollage();
    await fillAll(user, 3);
    shop.server.on('POST /api/images/single', json({ success: false, message: 'Too large' }, 413));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to create collage. Please try again.')).toBeInTheDocument();
    expect(cartAdds(shop.server)).toHaveLength(0);
  });

  it('given the cart refusing the line, then the error toast and the shopper stays', async () => {
    const user = userEvent.setup();
    const { history } = renderCollage();
    await fillAll(user, 3);
    shop.server.on('POST /api/cart/item', json({ success: false, message: 'Unknown product' }, 422));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to create collage. Please try again.')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/product/template-collage');
  });

  it('a mask page sells under its own SKU (friendship story: TEMPLATE21)', async () => {
    const user = userEvent.setup();
    renderCollage('/product/template21-collage');
    await fillAll(user, 4);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Collage added to cart!', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(JSON.parse(cartAdds(shop.server)[0]!.body)).toMatchObject({
      sku: 'TEMPLATE21_COLLAGE_A4',
      quantity: 1,
    });
    expect(uploads(shop.server)).toHaveLength(5);
  }, 60_000);
});

describe('Preview', () => {
  it('shows the collage; on a mask page it notes the watermark is not printed', async () => {
    const user = userEvent.setup();
    renderCollage('/product/template22-collage');
    await fillSlot(user, 1, await photoFile('a.png', 500, 500));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collage Preview' });
    expect(await within(dialog).findByAltText('Collage preview')).toBeInTheDocument();
    expect(within(dialog).getByText('The PREVIEW watermark is not printed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
