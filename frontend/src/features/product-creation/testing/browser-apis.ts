/// <reference types="node" />
// Test support for jsdom, which lacks parts of the browser these pages use: jsdom's Blob and File
// cannot be sent by Node's fetch (the upload would hang), and jsdom has no URL.createObjectURL nor
// a canvas. Node's own Blob, File and FormData are put in their place, object URLs are made up, and
// the canvas steps get an `ImageTools` that does the same checks and returns real bytes.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { configure, fireEvent } from '@testing-library/react';
import { checkCropInput, type ImageTools } from '../image-tools';

export async function installNodeFileApis(): Promise<void> {
  // Crops upload over real HTTP; on a busy two-core machine that can take more than a second.
  configure({ asyncUtilTimeout: 5000 });
  const probe = await new Response('a=1', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  // jsdom's XMLHttpRequest cannot send Node's FormData either: uploads fall back to fetch (apiUpload).
  Object.assign(globalThis, {
    Blob: NodeBlob,
    File: NodeFile,
    FormData: probe.constructor,
    XMLHttpRequest: undefined,
  });
  let next = 0;
  const revoked = new Set<string>();
  Object.assign(URL, {
    createObjectURL: () => `blob:test/${++next}`,
    revokeObjectURL: (url: string) => void revoked.add(url),
  });
}

/** The first bytes of each kind: files are judged by content when chosen. */
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webp: [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')],
  heic: [0, 0, 0, 16, ...ascii('ftypheic'), 0, 0, 0, 0],
};
const kindOf = (name: string, type: string): string =>
  (type.replace(/^image\//, '') || name.replace(/^.*\./, '').toLowerCase())
    .replace(/^(jpg)$/, 'jpeg')
    .replace(/^heif$/, 'heic');

/**
 * Whole 4 x 3 pictures made by sharp: a chosen file must be a whole picture of its kind, not only
 * start like one (rules/image-structure.ts). HEIC is not walked in the browser.
 */
const WHOLE: Record<string, string> = {
  jpeg: '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIAGhj//2Q==',
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWOwqr4KRww4OQBhFhJ5Rb0GdwAAAABJRU5ErkJggg==',
  webp: 'UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoEAAMAAUAmJaACdLoB+AADsAD+5fo/+oM+Js8TZ89v/5glfkG5UAAA',
};

/**
 * A small file with real bytes, starting like its type or name says (text/plain: not an image): a
 * whole picture of that kind, or, given a size, its first bytes followed by filler (0: empty).
 */
export function photo(name: string, type = 'image/png', bytes?: number): File {
  const kind = kindOf(name, type);
  const whole = WHOLE[kind];
  if (whole && bytes === undefined) return new File([Buffer.from(whole, 'base64')], name, { type });
  const content = new Uint8Array(bytes ?? 64).fill(7);
  if (content.length > 0) content.set(MAGIC[kind] ?? []);
  return new File([content], name, { type });
}

export const testImageTools: ImageTools = {
  async cropToJpeg(src, area, fileName) {
    checkCropInput(src, area);
    return new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], `cropped_${fileName}`, {
      type: 'image/jpeg',
    });
  },
  /** Every test photo measures as the crop tool is told it does (loadCropImage's default). */
  async measure() {
    return { width: 1200, height: 1600 };
  },
  async composeStrip(sources) {
    return new Blob([new Uint8Array([0xff, 0xd8, 0xff, sources.length])], { type: 'image/jpeg' });
  },
};

/**
 * What a browser does when the crop tool's image has loaded: react-easy-crop measures the frame and
 * the picture and reports the crop area. jsdom lays nothing out, so the sizes are given here.
 */
export function loadCropImage(img: HTMLElement, natural = { width: 1200, height: 1600 }): void {
  const container = img.closest('.reactEasyCrop_Container') as HTMLElement;
  const box = { width: 400, height: 400, left: 0, top: 0, right: 400, bottom: 400, x: 0, y: 0 };
  container.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
  Object.defineProperties(img, {
    naturalWidth: { value: natural.width, configurable: true },
    naturalHeight: { value: natural.height, configurable: true },
    offsetWidth: { value: 300, configurable: true },
    offsetHeight: { value: 400, configurable: true },
  });
  fireEvent.load(img);
}
