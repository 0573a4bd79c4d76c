// The alpha of one slot cut from a mask (pure): a slot's box can take in corners of its neighbours
// (a diamond grid's boxes overlap), so only the region connected to the box's centre counts; its
// grey edge pixels keep their grey as partial alpha.
/** RGBA pixels, as ImageData and sharp's raw output have them. */
export interface PixelImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Rewrites RGBA mask pixels in place: white (opaque where the slot is), alpha = the slot's luminance. */
export function isolateSlotAlpha(image: PixelImage): void {
  const { width, height, data } = image;
  const lit = (pixel: number) => data[pixel * 4]! > 8;
  const keep = new Uint8Array(width * height);
  const centre = Math.floor(height / 2) * width + Math.floor(width / 2);
  if (lit(centre)) {
    const stack = [centre];
    keep[centre] = 1;
    while (stack.length > 0) {
      const pixel = stack.pop()!;
      const x = pixel % width;
      for (const next of [
        x > 0 ? pixel - 1 : -1,
        x < width - 1 ? pixel + 1 : -1,
        pixel - width,
        pixel + width < width * height ? pixel + width : -1,
      ]) {
        if (next >= 0 && !keep[next] && lit(next)) {
          keep[next] = 1;
          stack.push(next);
        }
      }
    }
  } else {
    // No shape at the centre (an unusual mask): keep every lit pixel of the box.
    for (let pixel = 0; pixel < keep.length; pixel++) keep[pixel] = lit(pixel) ? 1 : 0;
  }
  for (let pixel = 0; pixel < keep.length; pixel++) {
    const o = pixel * 4;
    data[o + 3] = keep[pixel] ? data[o]! : 0;
    data[o] = 255;
    data[o + 1] = 255;
    data[o + 2] = 255;
  }
}
