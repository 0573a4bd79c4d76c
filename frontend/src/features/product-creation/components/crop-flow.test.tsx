// The upload and crop workflow on an A4 poster page against a real local HTTP server: choosing
// files, the single crop tool and its states, upload failures, and batch crop.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { json, type TestServer } from '@/test/http-server';
import { PosterPage } from '@/features/product-creation/posters/components/poster-page';
import { browserImageTools } from '../image-tools';
import { installNodeFileApis, photo, testImageTools } from '../testing/browser-apis';
import {
  applyCrop,
  card,
  cards,
  chooseFiles,
  cropDialog,
  held,
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

const renderPoster = (tools = testImageTools) =>
  renderPage(<PosterPage product={A4} imageTools={tools} />, '/product/poster-a4');

describe('choosing files', () => {
  it('given two images and a text file, then the images are listed and the message names the rejected file', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.jpg', 'image/jpeg'), photo('notes.txt', 'text/plain')]);

    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 file could not be processed: notes.txt. Please ensure it is a valid image file.',
    );
    expect(card('a.png')).toHaveTextContent('Needs cropping');
    // The crop guide shows until the first image is chosen for cropping.
    expect(screen.getByRole('complementary', { name: 'How cropping works' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("given a JPEG's magic bytes over no picture (the tester's corrupt.jpg) and a photo cut at half its bytes, then neither is listed and the message names both", async () => {
    const corrupt = new File(
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)])],
      'corrupt.jpg',
      { type: 'image/jpeg' },
    );
    const whole = Buffer.from(await photo('x.jpg', 'image/jpeg').arrayBuffer());
    const half = new File([whole.subarray(0, whole.length / 2)], 'half.jpg', { type: 'image/jpeg' });
    const { user } = renderPoster();
    await chooseFiles(user, [corrupt, photo('a.png'), half]);

    expect(cards()).toHaveLength(1);
    expect(card('a.png')).toHaveTextContent('Needs cropping');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 files could not be processed: corrupt.jpg and half.jpg. Please ensure they are valid image files.',
    );
    expect(screen.queryByRole('button', { name: 'Crop corrupt.jpg' })).not.toBeInTheDocument();
  });

  it('given WebP, HEIC (no declared type) and an empty file, then the empty one is turned away and the HEIC one is converted by the server for cropping', async () => {
    const gate = held();
    server.on(
      'POST /api/images/single',
      gate.reply(json({ success: true, image: { id: 'heic-1', width: 800, height: 600 } }, 201)),
    );
    const { user } = renderPoster();
    await chooseFiles(user, [
      photo('c.webp', 'image/webp'),
      photo('d.HEIC', ''),
      photo('empty.png', 'image/png', 0),
    ]);
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('1 file could not be processed: empty.png.');
    expect(card('d.HEIC')).toHaveTextContent('Converting HEIC…');
    expect(screen.getByRole('button', { name: 'Crop d.HEIC' })).toHaveAttribute('aria-disabled', 'true');

    gate.release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Crop d.HEIC' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(within(card('d.HEIC')).getByRole('img')).toHaveAttribute('src', '/api/images/heic-1?w=320');
    expect(requestsTo(server, 'POST /api/images/single')[0]!.body).toContain(
      'name="image"; filename="d.HEIC"',
    );
    await user.click(screen.getByRole('button', { name: 'Crop d.HEIC' }));
    expect(within(cropDialog()).getByRole('img')).toHaveAttribute('src', '/images/heic-1');
  });

  it("given the server cannot convert a HEIC photo, then it leaves the list with the upload banner and the server's reason", async () => {
    const reason = 'The file is damaged or is not a complete image.';
    server.on('POST /api/images/single', json({ success: false, message: reason }, 415));
    const { user } = renderPoster();
    await chooseFiles(user, [photo('e.heic', 'image/heic')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      `Failed to process image e.heic. Server responded with status 415. ${reason}`,
    );
    expect(cards()).toHaveLength(0);
  });
});

describe('single crop', () => {
  it('opens the Perfect Fit Crop Tool, locks the other images, zooms 1-3 by 0.1 and cancels', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));

    const dialog = cropDialog();
    expect(within(dialog).getByRole('heading', { name: 'Perfect Fit Crop Tool' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Drag to position and use zoom to fit your image within the frame');
    expect(screen.queryByRole('complementary', { name: 'How cropping works' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crop b.png' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete b.png' })).toBeDisabled();

    const slider = within(dialog).getByRole('slider');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '3');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByLabelText('Zoom level')).toHaveTextContent('1.2x');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
    expect(screen.getByRole('button', { name: 'Crop b.png' })).toBeEnabled();
  });

  it('applies a crop: the tool closes at once, the card shows its upload and cannot be re-cropped, then cropped with the server print quality; the upload carries both files, the crop and the SKU', async () => {
    const gate = held();
    server.on('POST /api/images', gate.reply(uploadAnswer(1, { dpi: 212, quality: 'fair' })));
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));
    await applyCrop(user);

    // Nothing waits for the upload; the list shows where it is.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(card('a.png')).toHaveTextContent('Uploading 0%'));
    // Not to be pressed while it uploads, yet focusable: focus comes back to it from the closed tool.
    const cropButton = within(card('a.png')).getByRole('button', { name: 'Crop a.png' });
    expect(cropButton).toHaveAttribute('aria-disabled', 'true');
    expect(cropButton).toHaveFocus();
    await user.click(cropButton);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
    expect(screen.getByText('1 photo still uploading: Add to Cart waits for it.')).toBeInTheDocument();

    gate.release();
    await waitFor(() => expect(card('a.png')).toHaveAttribute('data-cropped', 'true'));
    expect(card('a.png')).toHaveTextContent('Fair quality (212 DPI)');
    expect(card('a.png')).toHaveTextContent(
      'Good enough to print, but it may look slightly soft at this size.',
    );

    const [upload] = requestsTo(server, 'POST /api/images');
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload!.body).toContain('name="rawImage"; filename="a.png"');
    expect(upload!.body).toContain('name="croppedImage"; filename="cropped_a.png"');
    expect(upload!.body).toMatch(/name="sku"\r\n\r\nPOSTERA4\r\n/);
    const crop = JSON.parse(/name="crop"\r\n\r\n(.*)\r\n/.exec(upload!.body)![1]!);
    expect(crop.width / crop.height).toBeCloseTo(210 / 297, 2);
  });

  it('given the crop tool cannot draw its image, then Apply Crop, disabled until then, fails with the invalid crop area message', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));
    expect(screen.getByRole('button', { name: 'Apply Crop' })).toBeDisabled();
    fireEvent.error(within(cropDialog()).getByRole('img'));
    await user.click(screen.getByRole('button', { name: 'Apply Crop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process image a.png. Cropping failed: Invalid crop area received.',
    );
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
    expect(requestsTo(server, 'POST /api/images')).toHaveLength(0);
  });

  it('given no canvas (the real crop code in jsdom), then the canvas message shows and nothing is uploaded', async () => {
    const { user } = renderPoster(browserImageTools);
    await chooseFiles(user, [photo('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));
    await applyCrop(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process image a.png. Could not get canvas context',
    );
    expect(requestsTo(server, 'POST /api/images')).toHaveLength(0);
  });
});

describe('upload failures revert the image to uncropped with the banner of spec 2 §8', () => {
  const cases: Array<[string, () => void, string]> = [
    [
      'a status',
      () => server.on('POST /api/images', json({ success: false, message: 'Server exploded' }, 500)),
      'Failed to process image a.png. Server responded with status 500.',
    ],
    [
      'a reported failure with its message',
      () => server.on('POST /api/images', json({ success: false, message: 'Storage is full' }, 200)),
      'Failed to process image a.png. Storage is full',
    ],
    [
      'a reported failure without a message',
      () => server.on('POST /api/images', json({ success: false }, 200)),
      'Failed to process image a.png. Image upload failed according to API response.',
    ],
    [
      'an incomplete answer',
      () => server.on('POST /api/images', json({ success: true, rawImage: { id: 'r1' } }, 201)),
      'Failed to process image a.png. Upload succeeded according to API, but response data is incomplete.',
    ],
  ];
  it.each(cases)('given %s', async (_name, arrange, message) => {
    arrange();
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));
    await applyCrop(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
    expect(card('a.png')).toHaveTextContent('Needs cropping');
    expect(card('a.png')).not.toHaveTextContent('quality');
  });

  it('given the server is unreachable, then the network sentence shows', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await server.close();
    await user.click(screen.getByRole('button', { name: 'Crop a.png' }));
    await applyCrop(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process image a.png. Network error or server unreachable.',
    );
    expect(card('a.png')).toHaveAttribute('data-cropped', 'false');
  });
});

describe('batch crop', () => {
  it('walks the queue of uncropped images with Batch Crop (i/n), moving on after a crop or a cancel', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Batch Crop (3)' }));

    expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (1/3)' })).toBeInTheDocument();
    expect(cropDialog()).toHaveTextContent('a.png');
    await applyCrop(user);
    await waitFor(() =>
      expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (2/3)' })).toBeInTheDocument(),
    );
    expect(cropDialog()).toHaveTextContent('b.png');
    await user.click(within(cropDialog()).getByRole('button', { name: 'Cancel' }));
    expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (3/3)' })).toBeInTheDocument();
    await applyCrop(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Apply ends the dialog at once; the cut is queued, so the card turns cropped a moment later.
    await waitFor(() => {
      expect(card('a.png')).toHaveAttribute('data-cropped', 'true');
      expect(card('c.png')).toHaveAttribute('data-cropped', 'true');
    });
    expect(card('b.png')).toHaveAttribute('data-cropped', 'false');

    // A new batch holds only what is still uncropped; Exit ends it at once.
    await user.click(screen.getByRole('button', { name: 'Batch Crop (1)' }));
    expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (1/1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit Batch Crop' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('b.png')).toHaveAttribute('data-cropped', 'false');
  });
});
