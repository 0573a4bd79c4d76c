// Judging chosen files by content and size, and the crop frame's orientation and live print quality,
// on an A4 poster page (a portrait product) against a real local HTTP server.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { MAX_UPLOAD_BYTES } from '@printshop/shared-events/rules/uploads';
import type { TestServer } from '@/test/http-server';
import { PosterPage } from '@/features/product-creation/posters/components/poster-page';
import { installNodeFileApis, loadCropImage, photo, testImageTools } from '../testing/browser-apis';
import { cards, chooseFiles, cropDialog, renderPage, startShopServer } from '../testing/creation-harness';

const A4 = productBySku('POSTERA4')!;
let server: TestServer;

beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
});
afterEach(() => server.close());

const renderPoster = () =>
  renderPage(<PosterPage product={A4} imageTools={testImageTools} />, '/product/poster-a4');

describe('files judged when chosen', () => {
  it('refuses a text file named .jpg (declared image/jpeg) and a file over 50 MB at once, naming the limit', async () => {
    const { user } = renderPoster();
    const renamed = new File(['just some notes, not a photo'], 'holiday.jpg', { type: 'image/jpeg' });
    const huge = photo('huge.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1);
    await chooseFiles(user, [renamed, huge, photo('a.png')]);

    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 file could not be processed: holiday.jpg. Please ensure it is a valid image file. huge.jpg is larger than 50 MB. Please choose a smaller image.',
    );
  });

  it('given a text file renamed .jpg and an empty .png, when chosen, then the message names both', async () => {
    const { user } = renderPoster();
    const notes = new File(['just some notes, not a photo'], 'notes.jpg', { type: 'image/jpeg' });
    await chooseFiles(user, [notes, photo('empty.png', 'image/png', 0), photo('a.png')]);

    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 files could not be processed: notes.jpg and empty.png. Please ensure they are valid image files.',
    );
  });
});

describe('the crop frame', () => {
  it('starts landscape on a landscape photo, turns with Rotate frame, and shows the print quality before Apply Crop', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('wide.png')]);
    await user.click(screen.getByRole('button', { name: 'Crop wide.png' }));
    const dialog = cropDialog();
    act(() => loadCropImage(within(dialog).getByRole('img'), { width: 1600, height: 1200 }));

    const stage = within(dialog).getByTestId('crop-stage');
    expect(stage).toHaveAttribute('data-orientation', 'landscape');
    expect(within(dialog).getByLabelText('Frame orientation')).toHaveTextContent('Landscape frame');
    expect(within(dialog).getByTestId('live-print-quality')).toHaveTextContent(
      /(Good|Fair|Poor) quality \(\d+ DPI\)/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Rotate frame' }));
    expect(stage).toHaveAttribute('data-orientation', 'portrait');
    expect(within(dialog).getByLabelText('Frame orientation')).toHaveTextContent('Portrait frame');
  });
});
