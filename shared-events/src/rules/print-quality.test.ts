import { describe, expect, it } from 'vitest';
import {
  assessPrint,
  cropDpi,
  photoPrintSizeOf,
  PRINT_QUALITY_MESSAGES,
  printQuality,
} from './print-quality';

describe('cropDpi', () => {
  it('divides pixels by inches and takes the weaker side', () => {
    // 4x6 in print: 1200 px / 4 in = 300, 1500 px / 6 in = 250 -> 250
    expect(cropDpi({ width: 1200, height: 1500 }, { width: 4, height: 6, unit: 'in' })).toBe(250);
  });

  it('pairs the longer crop side with the longer print side, whatever the orientation', () => {
    const portrait = cropDpi({ width: 1200, height: 1800 }, { width: 4, height: 6, unit: 'in' });
    expect(portrait).toBe(300);
    expect(cropDpi({ width: 1800, height: 1200 }, { width: 4, height: 6, unit: 'in' })).toBe(portrait);
    expect(cropDpi({ width: 1200, height: 1800 }, { width: 6, height: 4, unit: 'in' })).toBe(portrait);
  });

  it('converts millimetres: the usual "300 DPI A4" of 2480 x 3508 px floors to 299', () => {
    expect(cropDpi({ width: 2480, height: 3508 }, { width: 210, height: 297, unit: 'mm' })).toBe(299);
    expect(cropDpi({ width: 2481, height: 3509 }, { width: 210, height: 297, unit: 'mm' })).toBe(300);
  });

  it('floors and stays exact on whole results', () => {
    expect(cropDpi({ width: 3000, height: 3000 }, { width: 10, height: 10, unit: 'in' })).toBe(300);
    expect(cropDpi({ width: 2999, height: 3000 }, { width: 10, height: 10, unit: 'in' })).toBe(299);
  });

  it('refuses sizes that are not positive numbers', () => {
    expect(() => cropDpi({ width: 0, height: 10 }, { width: 4, height: 6, unit: 'in' })).toThrow(RangeError);
    expect(() => cropDpi({ width: 10, height: 10 }, { width: -4, height: 6, unit: 'in' })).toThrow(
      RangeError,
    );
    expect(() => cropDpi({ width: Number.NaN, height: 10 }, { width: 4, height: 6, unit: 'in' })).toThrow(
      RangeError,
    );
  });
});

describe('printQuality bands', () => {
  it.each([
    [1000, 'good'],
    [250, 'good'],
    [249, 'fair'],
    [150, 'fair'],
    [149, 'poor'],
    [0, 'poor'],
  ] as const)('%i DPI is %s', (dpi, quality) => {
    expect(printQuality(dpi)).toBe(quality);
  });

  it('gives the message of the band', () => {
    // 600 x 900 px on 4x6 in = 150 DPI: fair
    expect(assessPrint({ width: 600, height: 900 }, { width: 4, height: 6, unit: 'in' })).toEqual({
      dpi: 150,
      quality: 'fair',
      message: PRINT_QUALITY_MESSAGES.fair,
    });
    expect(assessPrint({ width: 400, height: 600 }, { width: 4, height: 6, unit: 'in' }).message).toMatch(
      /blurry or pixelated/,
    );
  });
});

describe('the size one photo prints at', () => {
  it('given a photo strip, then a photo prints at one frame of the strip (1.76 x 1.32 in), so a 640 x 480 photo is 363 DPI, good, not 106 against the whole 2 x 6 in strip', () => {
    const frame = photoPrintSizeOf('PHOTOSTRIPGOODVIBES')!;
    expect(frame).toEqual({ width: 528 / 300, height: 396 / 300, unit: 'in' });
    expect(assessPrint({ width: 640, height: 480 }, frame)).toMatchObject({ dpi: 363, quality: 'good' });
    // A film strip's 3:2 frames are as wide.
    expect(photoPrintSizeOf('FILMSTRIPPHOTO')).toEqual({ width: 528 / 300, height: 352 / 300, unit: 'in' });
  });

  it('given any other product, then it is the print size; an unknown SKU has none', () => {
    expect(photoPrintSizeOf('4X6PHOTOPRINT')).toEqual({ width: 4, height: 6, unit: 'in' });
    expect(photoPrintSizeOf('NOSUCHSKU')).toBeUndefined();
  });
});
