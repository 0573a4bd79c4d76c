// On the collage page each slot photo is uploaded as soon as its slot is filled, so Add
// to Cart sends only the composite and a line whose slots carry their crops; the add-to-cart
// tracking call goes out with the cart call's event id; slot photos not in the cart are guarded.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { photoFile } from '../test-support/node-canvas';
import {
  cartAdds,
  collageShop,
  fileNameOf,
  fillSlot,
  removeToasts,
  renderCollage,
  uploads,
} from '../test-support/render-collage';

const shop = collageShop();
afterEach(removeToasts);

const trackCalls = () =>
  shop.server.requests.filter((r) => r.method === 'POST' && r.url === '/api/track/add-to-cart');

describe('slot photos upload while the slots are filled', () => {
  it('given a slot filled, then its photo is uploaded at once; Add to Cart sends only the composite, the crops and the tracking call', async () => {
    // given
    const user = userEvent.setup();
    const { history } = renderCollage();
    await fillSlot(user, 1, await photoFile('p1.png', 400, 300, 10));
    await waitFor(() => expect(uploads(shop.server).map(fileNameOf)).toEqual(['image.jpg']));
    await fillSlot(user, 2, await photoFile('p2.png', 400, 300, 70));
    await fillSlot(user, 3, await photoFile('p3.png', 400, 300, 130));
    await waitFor(() => expect(uploads(shop.server)).toHaveLength(3));

    // when
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(history.location.pathname).toBe('/cart'));

    // then
    expect(uploads(shop.server).slice(3).map(fileNameOf)).toEqual(['collage.jpg']);
    const body = JSON.parse(cartAdds(shop.server)[0]!.body);
    expect(body.croppedImageId).toBe('img-4');
    const images = body.customizationData.images as Array<{ imageId: string; crop: Record<string, number> }>;
    expect(images.map((i) => i.imageId)).toEqual(['img-1', 'img-2', 'img-3']);
    // The template builder's slots crop square: the largest centred square of a 400 x 300 photo.
    expect(images[0]!.crop).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    await waitFor(() => expect(trackCalls()).toHaveLength(1));
    const tracked = JSON.parse(trackCalls()[0]!.body);
    expect(tracked.event_id).toBe(body.event_id);
    expect(tracked.item).toMatchObject({ sku: 'TEMPLATE_COLLAGE_A4', quantity: 1, croppedImageId: 'img-4' });
    expect(tracked.item.price).toBe(4.99);
  });
});

describe('unsaved slot photos', () => {
  it('given a slot filled, when the shopper follows a link away, then "Unsaved Changes" asks; Stay keeps the page, Leave goes', async () => {
    // given
    const user = userEvent.setup();
    const { history } = renderCollage();
    await fillSlot(user, 1, await photoFile('p1.png', 300, 300, 40));

    // when
    await user.click(screen.getByRole('link', { name: /Back to Home/ }));

    // then
    const ask = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    await user.click(within(ask).getByRole('button', { name: 'Stay on Page' }));
    expect(history.location.pathname).toBe('/product/template-collage');
    expect(screen.getByAltText('Photo in slot 1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Back to Home/ }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved Changes' })).getByRole('button', {
        name: 'Leave Page',
      }),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('given no slot filled, then leaving asks nothing', async () => {
    const user = userEvent.setup();
    const { history } = renderCollage();
    await screen.findByRole('button', { name: 'Add a photo to slot 1' });
    await user.click(screen.getByRole('link', { name: /Back to Home/ }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
