// The slots' shapes (zones/slot-shapes.ts) as pictures for CSS `mask-image`: white where the slot is
// drawn, transparent elsewhere, each the size of its slot's box. None where there is no canvas.
import { useMemo } from 'react';
import type { SlotShape } from './zones/slot-shapes';

function maskUrl(shape: SlotShape): string | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = shape.width;
  canvas.height = shape.height;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const pixels = context.createImageData(shape.width, shape.height);
  for (let pixel = 0; pixel < shape.alpha.length; pixel++) {
    pixels.data.fill(255, pixel * 4, pixel * 4 + 3);
    pixels.data[pixel * 4 + 3] = shape.alpha[pixel]!;
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toDataURL('image/png');
}

export function useShapeMasks(shapes: ReadonlyMap<number, SlotShape>): ReadonlyMap<number, string> {
  return useMemo(() => {
    const urls = new Map<number, string>();
    try {
      for (const [id, shape] of shapes) {
        const url = maskUrl(shape);
        if (url) urls.set(id, url);
      }
    } catch {
      // No canvas (a test's DOM): the boxes stand in for the shapes.
    }
    return urls;
  }, [shapes]);
}
