/// <reference types="node" />
// An iPhone's HEIC photo in a collage slot (spec 2 §5, API.md "Images"): judged by its first bytes
// like every creation page, converted by the server (POST /api/images/single) while the slot says
// "Converting HEIC…", then cropped, drawn and composed from the converted JPEG, the server's copy
// standing as the slot's upload. A failed conversion says why with the print pages' message.
import 'fake-indexeddb/auto';
import { readFile } from 'node:fs/promises';
import { File as NodeFile } from 'node:buffer';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Reply } from '@/test/http-server';
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

const SAMPLE_HEIC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test/fixtures/images/sample.heic',
);

/** The iPhone sample (320 x 240 HEVC), as the browser hands it over. */
async function heicPhoto(name = 'IMG_0001.HEIC', type = 'image/heic'): Promise<File> {
  return new NodeFile([await readFile(SAMPLE_HEIC)], name, { type }) as unknown as File;
}

/** The server's converted copy: an upright JPEG of the photo's size. */
async function convertedJpeg(width = 320, height = 240): Promise<Reply> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#3a7bd5';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#ffd966';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return { status: 200, headers: { 'content-type': 'image/jpeg' }, body: await canvas.encode('jpeg', 90) };
}

/** A reply held until released (the "Converting HEIC…" state). */
function held(reply: Reply): { reply: Reply; release(): void } {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { reply: { ...reply, wait }, release };
}

const imageGets = () =>
  shop.server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/images/'));

describe('a HEIC photo for a slot', () => {
  it('given an iPhone HEIC photo chosen for a slot, when the server has converted it, then the slot says "Converting HEIC…" meanwhile, the crop dialog works on the converted picture and the slot is drawn from it', async () => {
    // given
    const conversion = held(json({ success: true, image: { id: 'heic-1', width: 320, height: 240 } }, 201));
    shop.server.on('POST /api/images/single', conversion.reply);
    shop.server.on('GET /api/images/heic-1', await convertedJpeg());
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCollage('/product/template-collage');

    // when
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 1' }));
    await user.upload(screen.getByLabelText('Choose a photo for the slot'), await heicPhoto());

    // then: converting, the other slots wait
    expect(await screen.findByText('Converting HEIC…')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(uploads(shop.server)).toHaveLength(1));
    expect(uploads(shop.server)[0]!.body).toContain('name="image"; filename="IMG_0001.HEIC"');
    expect(uploads(shop.server)[0]!.body).toContain('ftypheic');

    // when: converted
    conversion.release();
    const dialog = await screen.findByRole('dialog', { name: 'Crop Your Photo' });
    const apply = within(dialog).getByRole('button', { name: 'Apply Crop' });
    await waitFor(() => expect(apply).toBeEnabled());

    // then
    expect(within(dialog).queryByText('This photo could not be read. Please choose another one.')).toBeNull();
    expect(screen.queryByText('Converting HEIC…')).not.toBeInTheDocument();
    expect(imageGets().map((r) => r.url)).toEqual(['/api/images/heic-1']);
    await user.click(apply);
    expect(await screen.findByAltText('Photo in slot 1')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 photos added')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('given a HEIC photo placed in a slot, when the collage is added to the cart, then the converted upload is the slot photo (no second upload) with its crop, and the collage is composed', async () => {
    // given
    let uploaded = 0;
    shop.server.on('POST /api/images/single', () =>
      json({ success: true, image: { id: `img-${++uploaded}`, width: 320, height: 240 } }, 201),
    );
    shop.server.on('GET /api/images/img-1', await convertedJpeg());
    const user = userEvent.setup();
    const { history } = renderCollage('/product/template-collage');
    await fillSlot(user, 1, await heicPhoto('IMG_0002.heic', ''));
    await fillSlot(user, 2, await photoFile('b.png', 400, 300, 70));
    await fillSlot(user, 3, await photoFile('c.png', 400, 300, 130));
    await waitFor(() => expect(uploads(shop.server)).toHaveLength(3));

    // when
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(history.location.pathname).toBe('/cart'));

    // then
    expect(uploads(shop.server).map(fileNameOf)).toEqual([
      'IMG_0002.heic',
      'image.jpg',
      'image.jpg',
      'collage.jpg',
    ]);
    const body = JSON.parse(cartAdds(shop.server)[0]!.body);
    expect(body.croppedImageId).toBe('img-4');
    const images = body.customizationData.images as Array<{ imageId: string; crop: Record<string, number> }>;
    expect(images.map((i) => i.imageId)).toEqual(['img-1', 'img-2', 'img-3']);
    // The largest centred square of the 320 x 240 converted picture (the original's size).
    expect(images[0]!.crop).toEqual({ x: 40, y: 0, width: 240, height: 240 });
  });

  it("given the server cannot convert a HEIC photo, then the print pages' upload message with the server's reason, no crop dialog and the slot stays empty", async () => {
    // given
    const reason = 'The file is damaged or is not a complete image.';
    shop.server.on('POST /api/images/single', json({ success: false, message: reason }, 415));
    const user = userEvent.setup();
    renderCollage('/product/template-collage');

    // when
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 2' }));
    await user.upload(screen.getByLabelText('Choose a photo for the slot'), await heicPhoto('broken.heic'));

    // then
    expect(
      await screen.findByText(
        `Failed to process image broken.heic. Server responded with status 415. ${reason}`,
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Converting HEIC…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a photo to slot 2' })).toBeEnabled();
    expect(screen.getByText('0 of 3 photos added')).toBeInTheDocument();
  });

  it('given a file whose name and type say JPEG but whose bytes are text, then the alert "Please select an image file" and nothing is uploaded', async () => {
    // given
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCollage('/product/template-collage');

    // when
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 1' }));
    await user.upload(
      screen.getByLabelText('Choose a photo for the slot'),
      new NodeFile(['not a photo at all'], 'holiday.jpg', { type: 'image/jpeg' }) as unknown as File,
    );

    // then
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please select an image file'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploads(shop.server)).toHaveLength(0);
  });

  it('given a photo over 50 MB, then the alert names it and the limit, and nothing is uploaded', async () => {
    // given
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const bytes = new Uint8Array(50 * 1024 * 1024 + 1);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const user = userEvent.setup();
    renderCollage('/product/template-collage');

    // when
    await user.click(await screen.findByRole('button', { name: 'Add a photo to slot 1' }));
    await user.upload(
      screen.getByLabelText('Choose a photo for the slot'),
      new NodeFile([bytes], 'huge.png', { type: 'image/png' }) as unknown as File,
    );

    // then
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('huge.png is larger than 50 MB. Please choose a smaller image.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploads(shop.server)).toHaveLength(0);
  });
});
