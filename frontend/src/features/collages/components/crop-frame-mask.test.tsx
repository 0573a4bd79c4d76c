// The diamond grid's crop dialog frames through the slot's real shape: the template's own mask
// picture, scaled so the slot's box fills the crop frame, lies over the photo. Square-slot
// templates built without a mask show the plain frame.
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { photoFile } from '../test-support/node-canvas';
import { collageShop, removeToasts, renderCollage } from '../test-support/render-collage';

collageShop();
afterEach(removeToasts);

async function openCrop(slot: number) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Add a photo to slot ${slot}` }));
  await user.upload(screen.getByLabelText('Choose a photo for the slot'), await photoFile('a.png', 640, 480));
  return screen.findByRole('dialog', { name: 'Crop Your Photo' });
}

const percent = (value: string) => Number(value.replace('%', ''));

describe('the crop frame of a mask template', () => {
  it('given the diamond grid, when a slot is cropped, then the mask lies over the frame with the slot box filling it', async () => {
    const template = productByPath('/product/template16-collage')!.collage!;
    renderCollage('/product/template16-collage');
    const dialog = await openCrop(5);
    // The slot shapes are read from the mask picture in the background; the frame gains the mask
    // once they are known (CI opened the dialog before that).
    const overlay = await waitFor(() => {
      const img = dialog.querySelector<HTMLImageElement>('[data-testid="crop-frame-mask"] img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(overlay.getAttribute('src')).toBe(template.maskPath);
    const { left, top, width, height } = overlay.style;
    // The whole mask is larger than one slot's box, and the box (offset left/top) lies inside it.
    expect(percent(width)).toBeGreaterThan(100);
    expect(percent(height)).toBeGreaterThan(100);
    expect(percent(left)).toBeLessThan(0);
    expect(percent(left)).toBeGreaterThanOrEqual(100 - percent(width));
    expect(percent(top)).toBeLessThan(0);
    expect(percent(top)).toBeGreaterThanOrEqual(100 - percent(height));
  });

  it('given the post-style template (no mask), then the frame has no overlay', async () => {
    renderCollage('/product/template-collage');
    const dialog = await openCrop(1);
    expect(dialog.querySelector('[data-testid="crop-frame-mask"]')).toBeNull();
  });
});
