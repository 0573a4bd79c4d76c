import { describe, expect, it } from 'vitest';
import { judgeChosenFile } from './file-check';
import { MAX_UPLOAD_BYTES } from './uploads';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ');
const HEIC = bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic');

describe('judging a chosen file by its first bytes and size', () => {
  it.each([
    ['jpeg', JPEG],
    ['png', PNG],
    ['webp', WEBP],
    ['heic', HEIC],
  ])('takes %s content', (kind, head) => {
    expect(judgeChosenFile({ size: 1000 }, head)).toEqual({ ok: true, kind });
  });

  it('refuses text, PDF and empty files whatever they are called', () => {
    expect(judgeChosenFile({ size: 12 }, bytes('hello world\n'))).toEqual({ ok: false, reason: 'not-image' });
    expect(judgeChosenFile({ size: 900 }, bytes('%PDF-1.7'))).toEqual({ ok: false, reason: 'not-image' });
    expect(judgeChosenFile({ size: 0 }, new Uint8Array())).toEqual({ ok: false, reason: 'not-image' });
  });

  it('refuses an image over 50 MB and takes one of exactly 50 MB', () => {
    expect(judgeChosenFile({ size: MAX_UPLOAD_BYTES + 1 }, JPEG)).toEqual({ ok: false, reason: 'too-large' });
    expect(judgeChosenFile({ size: MAX_UPLOAD_BYTES }, JPEG)).toEqual({ ok: true, kind: 'jpeg' });
  });
});
