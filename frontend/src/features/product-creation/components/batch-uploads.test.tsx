// Batch crop with background uploads on an A4 poster page against a real local HTTP
// server: the next photo shows without waiting for any upload, at most two upload at once with their
// progress in the list, 'Use centred crops for the rest' frames the remaining photos in one action, a
// failed upload returns its photo to uncropped with spec 2 §8's banner, and Add to Cart waits for the
// uploads still running, saying so, without uploading anything twice.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { json, type Reply, type TestServer } from '@/test/http-server';
import { PosterPage } from '@/features/product-creation/posters/components/poster-page';
import { installNodeFileApis, loadCropImage, photo, testImageTools } from '../testing/browser-apis';
import {
  applyCrop,
  card,
  chooseFiles,
  cropDialog,
  renderPage,
  requestsTo,
  startShopServer,
  uploadAnswer,
} from '../testing/creation-harness';

const A4 = productBySku('POSTERA4')!;
let server: TestServer;

beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
});
afterEach(() => server.close());

const renderPoster = () =>
  renderPage(<PosterPage product={A4} imageTools={testImageTools} />, '/product/poster-a4');

/** Each upload is answered only when released, in any order; `answer` decides what it gets. */
function heldUploads(answer: (n: number) => Reply = (n) => uploadAnswer(n)) {
  const releases: Array<() => void> = [];
  let n = 0;
  server.on('POST /api/images', () => {
    const reply = answer(++n);
    return { ...reply, wait: new Promise<void>((resolve) => releases.push(resolve)) };
  });
  return {
    release: (index: number) => releases[index]!(),
    releaseAll: () => releases.forEach((release) => release()),
  };
}

const uploads = () => requestsTo(server, 'POST /api/images');
const heading = (name: string) => within(cropDialog()).getByRole('heading', { name });
const cropOf = (body: string) => JSON.parse(/name="crop"\r\n\r\n(.*)\r\n/.exec(body)![1]!);

describe('batch crop never waits for an upload', () => {
  it('given three photos, when Apply Crop is double-clicked, then exactly one photo is cropped and the next waits, unable to apply, until its crop area is measured', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (3)' }));
    act(() => loadCropImage(within(cropDialog()).getByRole('img')));

    // A double click's second press lands on what is under the pointer by then: b.png's Apply
    // Crop, shown at once, its photo not yet measured.
    await user.click(within(cropDialog()).getByRole('button', { name: 'Apply Crop' }));
    await user.click(within(cropDialog()).getByRole('button', { name: 'Apply Crop' }));
    expect(heading('Batch Crop (2/3)')).toBeInTheDocument();
    expect(within(cropDialog()).getByRole('button', { name: 'Apply Crop' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(card('a.png')).toHaveAttribute('data-cropped', 'true'));
    expect(card('b.png')).toHaveAttribute('data-cropped', 'false');

    act(() => loadCropImage(within(cropDialog()).getByRole('img')));
    expect(within(cropDialog()).getByRole('button', { name: 'Apply Crop' })).toBeEnabled();
    await user.click(within(cropDialog()).getByRole('button', { name: 'Apply Crop' }));
    expect(heading('Batch Crop (3/3)')).toBeInTheDocument();
    await waitFor(() => expect(card('b.png')).toHaveAttribute('data-cropped', 'true'));
    expect(uploads()).toHaveLength(2);
  });

  it('given three photos and no upload answered, when each is applied, then the next shows at once, two upload at a time and the third waits its turn', async () => {
    const held = heldUploads();
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (3)' }));

    await applyCrop(user);
    expect(heading('Batch Crop (2/3)')).toBeInTheDocument();
    await applyCrop(user);
    expect(heading('Batch Crop (3/3)')).toBeInTheDocument();
    await applyCrop(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(uploads()).toHaveLength(2));
    expect(card('a.png')).toHaveTextContent('Uploading');
    expect(card('b.png')).toHaveTextContent('Uploading');
    expect(card('c.png')).toHaveTextContent('Waiting to upload');
    expect(screen.getByText('3 photos still uploading: Add to Cart waits for them.')).toBeInTheDocument();

    held.release(1);
    await waitFor(() => expect(card('b.png')).toHaveAttribute('data-cropped', 'true'));
    await waitFor(() => expect(uploads()).toHaveLength(3));
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
    held.releaseAll();
    await waitFor(() => expect(card('c.png')).toHaveAttribute('data-cropped', 'true'));
    await waitFor(() => expect(card('a.png')).toHaveAttribute('data-cropped', 'true'));
    expect(uploads()).toHaveLength(3);
  });

  it('given a batch of three, when the first is applied and then "Use centred crops for the rest", then the other two upload centred in their own orientation and the batch ends', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (3)' }));
    await applyCrop(user);
    expect(heading('Batch Crop (2/3)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use centred crops for the rest (2)' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const name of ['a.png', 'b.png', 'c.png'])
      await waitFor(() => expect(card(name)).toHaveAttribute('data-cropped', 'true'));

    // The test photos measure 1200 x 1600 (portrait): the A4 frame stays portrait, full height, centred.
    const crops = uploads().map((upload) => ({
      file: /name="rawImage"; filename="([^"]+)"/.exec(upload.body)![1],
      crop: cropOf(upload.body),
    }));
    expect(crops.filter((c) => c.file !== 'a.png')).toEqual([
      { file: 'b.png', crop: { x: 34, y: 0, width: 1131, height: 1599 } },
      { file: 'c.png', crop: { x: 34, y: 0, width: 1131, height: 1599 } },
    ]);
    expect(screen.queryByRole('button', { name: /Batch Crop/ })).not.toBeInTheDocument();
  });

  it('given the second upload fails with 500, then that photo alone returns to uncropped with the banner and can be cropped again', async () => {
    let n = 0;
    server.on('POST /api/images', () =>
      ++n === 2 ? json({ success: false, message: 'Server exploded' }, 500) : uploadAnswer(n),
    );
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (3)' }));
    await applyCrop(user);
    await applyCrop(user);
    await applyCrop(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process image b.png. Server responded with status 500.',
    );
    await waitFor(() => expect(card('c.png')).toHaveAttribute('data-cropped', 'true'));
    expect(card('a.png')).toHaveAttribute('data-cropped', 'true');
    expect(card('b.png')).toHaveAttribute('data-cropped', 'false');
    expect(card('b.png')).toHaveTextContent('Needs cropping');
    expect(screen.getByRole('button', { name: 'Crop 1 more' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Batch Crop (1)' })).toBeEnabled();
  });
});

describe('Add to Cart while uploads run', () => {
  it('given two crops still uploading, when Add to Cart is pressed, then it says it waits for them, adds both once uploaded, and uploads nothing twice', async () => {
    server.on('POST /api/cart/item', json({ success: true, item: { id: 'line' } }, 201));
    const held = heldUploads();
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (2)' }));
    await applyCrop(user);
    await applyCrop(user);
    await waitFor(() => expect(uploads()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('button', { name: 'Waiting for 2 uploads…' })).toBeDisabled();
    held.release(0);
    expect(await screen.findByRole('button', { name: 'Waiting for 1 upload…' })).toBeDisabled();
    expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(0);
    held.release(1);

    expect(await screen.findByText('2 posters added to cart!')).toBeInTheDocument();
    const adds = requestsTo(server, 'POST /api/cart/item').map((r) => JSON.parse(r.body));
    expect(adds.map((a) => a.croppedImageId).sort()).toEqual(['crop-1', 'crop-2']);
    expect(uploads()).toHaveLength(2);
  });

  it('given an upload fails while Add to Cart waits, then nothing is added and the failed photo is back to crop', async () => {
    server.on('POST /api/cart/item', json({ success: true, item: { id: 'line' } }, 201));
    const held = heldUploads((n) => (n === 1 ? json({ success: false }, 503) : uploadAnswer(n)));
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (2)' }));
    await applyCrop(user);
    await applyCrop(user);
    await waitFor(() => expect(uploads()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('button', { name: 'Waiting for 2 uploads…' });

    held.releaseAll();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process image a.png. Server responded with status 503.',
    );
    expect(await screen.findByRole('button', { name: 'Crop 1 more' })).toBeDisabled();
    expect(card('b.png')).toHaveAttribute('data-cropped', 'true');
    expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(0);
  });
});
