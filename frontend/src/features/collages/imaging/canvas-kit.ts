// The few canvas operations the collage editor needs, behind one small interface: the browser's
// <canvas> here; component tests pass a Node canvas (@napi-rs/canvas) with the same drawing API.

/** A drawing surface: a <canvas> or anything with the same 2D context. */
export interface Surface {
  width: number;
  height: number;
  getContext(type: '2d'): CanvasRenderingContext2D | null;
}

/** A decoded picture that a 2D context can draw. */
export type Picture = CanvasImageSource & { width: number; height: number; close?: () => void };

export interface CanvasKit {
  createSurface(width: number, height: number): Surface;
  /** Decodes a picture from a path of the site or a file/blob. */
  loadPicture(source: string | Blob): Promise<Picture>;
  encode(surface: Surface, type: 'image/png' | 'image/jpeg', quality?: number): Promise<Blob>;
}

export const browserCanvasKit: CanvasKit = {
  createSurface(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  },
  async loadPicture(source) {
    const blob =
      typeof source === 'string'
        ? await fetch(source).then((response) => {
            if (!response.ok) throw new Error(`Could not load ${source} (${response.status})`);
            return response.blob();
          })
        : source;
    // Decoded off the main thread, upright by its EXIF orientation.
    return createImageBitmap(blob);
  },
  encode(surface, type, quality) {
    return new Promise((resolve, reject) => {
      (surface as HTMLCanvasElement).toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Canvas is empty'))),
        type,
        quality,
      );
    });
  },
};

/** The 2D context of a surface, or the spec's canvas failure. */
export function context2d(surface: Surface): CanvasRenderingContext2D {
  const context = surface.getContext('2d');
  if (!context) throw new Error('Could not get canvas context');
  return context;
}
