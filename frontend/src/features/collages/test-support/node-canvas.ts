/// <reference types="node" />
// For component tests only: jsdom has no canvas, so the collage pages draw with @napi-rs/canvas (the
// same 2D API, real pixels) reading the site's pictures from public/. jsdom also lacks object URLs
// and hands its own Blob/FormData to Node's fetch, which cannot send them; Node's own are put in place.
import { readFile } from 'node:fs/promises';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import type { CanvasKit, Picture, Surface } from '../imaging/canvas-kit';

export const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

export const nodeCanvasKit: CanvasKit = {
  createSurface: (width, height) => createCanvas(width, height) as unknown as Surface,
  async loadPicture(source) {
    const bytes =
      typeof source === 'string'
        ? await readFile(path.join(PUBLIC_DIR, source.replace(/^\//, '')))
        : Buffer.from(await source.arrayBuffer());
    return (await loadImage(bytes)) as unknown as Picture;
  },
  async encode(surface, type, quality) {
    const canvas = surface as unknown as Canvas;
    const bytes =
      type === 'image/png'
        ? await canvas.encode('png')
        : await canvas.encode('jpeg', Math.round((quality ?? 0.92) * 100));
    return new NodeBlob([bytes], { type }) as unknown as Blob;
  },
};

/** A photo-like PNG (a gradient with a disc) of the given size, as a File. */
export async function photoFile(name: string, width: number, height: number, hue = 20): Promise<File> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const sky = context.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, `hsl(${hue} 70% 45%)`);
  sky.addColorStop(1, `hsl(${hue + 40} 80% 75%)`);
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#fff3c4';
  context.beginPath();
  context.arc(width / 2, height / 2, Math.min(width, height) / 4, 0, Math.PI * 2);
  context.fill();
  return new NodeFile([await canvas.encode('png')], name, { type: 'image/png' }) as unknown as File;
}

/** Node's Blob, File and FormData in place of jsdom's, and in-memory object URLs; returns the undo. */
export async function installNodeWebGlobals(): Promise<() => void> {
  const probe = new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const NodeFormData = (await probe.formData()).constructor as typeof FormData;
  const saved = {
    Blob: globalThis.Blob,
    File: globalThis.File,
    FormData: globalThis.FormData,
    createObjectURL: URL.createObjectURL,
    revokeObjectURL: URL.revokeObjectURL,
  };
  let next = 0;
  Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: NodeFormData });
  URL.createObjectURL = () => `blob:test/${++next}`;
  URL.revokeObjectURL = () => undefined;
  return () => {
    Object.assign(globalThis, { Blob: saved.Blob, File: saved.File, FormData: saved.FormData });
    URL.createObjectURL = saved.createObjectURL;
    URL.revokeObjectURL = saved.revokeObjectURL;
  };
}
