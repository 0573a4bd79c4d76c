import { describe, expect, it } from 'vitest';
import { productBySku } from './catalog';
import { canRotateFrame, frameAspect, keptShare, startOrientation, turned } from './framing';

const ratio4x6 = productBySku('4X6PHOTOPRINT')!.cropAspectRatio;

describe('framing a photo in either orientation', () => {
  it('starts a 4x6 (portrait 2:3) frame landscape on a landscape photo, portrait on a portrait one', () => {
    expect(startOrientation({ width: 3000, height: 2000 }, ratio4x6)).toBe('landscape');
    expect(frameAspect(ratio4x6, 'landscape')).toBeCloseTo(3 / 2);
    expect(startOrientation({ width: 2000, height: 3000 }, ratio4x6)).toBe('portrait');
    expect(frameAspect(ratio4x6, 'portrait')).toBeCloseTo(2 / 3);
  });

  it('keeps the product orientation for a square photo and turns either way', () => {
    expect(startOrientation({ width: 1000, height: 1000 }, ratio4x6)).toBe('portrait');
    expect(startOrientation({ width: 1000, height: 1000 }, 3 / 2)).toBe('landscape');
    expect(turned('portrait')).toBe('landscape');
    expect(turned('landscape')).toBe('portrait');
  });

  it('has nothing to turn on a square product', () => {
    expect(canRotateFrame(1)).toBe(false);
    expect(canRotateFrame(ratio4x6)).toBe(true);
    expect(frameAspect(1, 'landscape')).toBe(1);
  });

  it('keeps 100% of a 3:2 photo and 88.9% of a 4:3 photo on a 4x6 started landscape (50% portrait)', () => {
    expect(keptShare({ width: 6000, height: 4000 }, frameAspect(ratio4x6, 'landscape'))).toBeCloseTo(1);
    expect(keptShare({ width: 4000, height: 3000 }, frameAspect(ratio4x6, 'landscape'))).toBeCloseTo(8 / 9);
    expect(keptShare({ width: 4000, height: 3000 }, frameAspect(ratio4x6, 'portrait'))).toBeCloseTo(0.5);
  });
});
