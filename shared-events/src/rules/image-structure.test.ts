// The structure walk of a chosen file, on real files made by sharp: whole photos of each kind pass
// (baseline and progressive JPEG, a phone's trailer after the JPEG's end), damaged ones do not.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isWholeImage } from './image-structure';

const picture = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
const half = (whole: Buffer) => whole.subarray(0, Math.floor(whole.length / 2));

describe('whether a chosen file holds a whole picture', () => {
  it('given whole JPEG, PNG and WebP photos, then each is whole', async () => {
    const jpeg = await picture(640, 480).jpeg().toBuffer();
    expect(isWholeImage('jpeg', jpeg)).toBe(true);
    expect(isWholeImage('jpeg', await picture(640, 480).jpeg({ progressive: true }).toBuffer())).toBe(true);
    // Phones append their own data after the end marker; decoders ignore it.
    expect(isWholeImage('jpeg', Buffer.concat([jpeg, Buffer.from('SEFHtrailer')]))).toBe(true);
    expect(isWholeImage('png', await picture(300, 200).png().toBuffer())).toBe(true);
    expect(isWholeImage('webp', await picture(300, 200).webp().toBuffer())).toBe(true);
    expect(isWholeImage('webp', await picture(300, 200).webp({ lossless: true }).toBuffer())).toBe(true);
  });

  it("given JPEG's magic bytes and no picture (the tester's corrupt.jpg), then it is not whole", () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    expect(isWholeImage('jpeg', corrupt)).toBe(false);
    expect(isWholeImage('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
  });

  it('given photos cut at half their bytes, then none is whole', async () => {
    expect(isWholeImage('jpeg', half(await picture(640, 480).jpeg().toBuffer()))).toBe(false);
    expect(isWholeImage('jpeg', half(await picture(640, 480).jpeg({ progressive: true }).toBuffer()))).toBe(
      false,
    );
    expect(isWholeImage('png', half(await picture(300, 200).png().toBuffer()))).toBe(false);
    expect(isWholeImage('webp', half(await picture(300, 200).webp().toBuffer()))).toBe(false);
  });

  it('given a PNG with data after its end, then it is not whole (the server refuses it too)', async () => {
    const png = await picture(64, 64).png().toBuffer();
    expect(isWholeImage('png', Buffer.concat([png, Buffer.from('<script>')]))).toBe(false);
  });
});
