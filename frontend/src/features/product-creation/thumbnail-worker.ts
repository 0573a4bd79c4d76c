// A worker that turns a photo into a small JPEG preview: decoding and scaling happen here, off the
// page's main thread, so a hundred photos chosen at once do not freeze the page (spec 2 §5 hint).
interface Request {
  id: string;
  file: Blob;
  size: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: { id: string; blob?: Blob; error?: string }): void;
};

// One photo at a time: many decodes at once would hold many full-size bitmaps in memory.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(() => thumbnail(event.data));
};

async function thumbnail({ id, file, size }: Request): Promise<void> {
  try {
    // Only the width is given, so the height follows the photo's own proportions; the decoder
    // scales while decoding, without a full-size bitmap first.
    const bitmap = await createImageBitmap(file, { resizeWidth: size, resizeQuality: 'medium' });
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not get canvas context');
    // On white, as the print (image-tools.ts): a JPEG would show a PNG's see-through part black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    scope.postMessage({ id, blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 }) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
