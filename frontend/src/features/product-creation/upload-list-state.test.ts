// The uploads list's rules (spec 2 §4, §5) on the pure reducer.
import { describe, expect, it } from 'vitest';
import {
  allCropped,
  emptyUploadList,
  pageOf,
  readyForCart,
  uploadListReducer,
  type UploadListAction,
  type UploadListState,
} from './upload-list-state';

const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });
const run = (actions: UploadListAction[], state: UploadListState = emptyUploadList) =>
  actions.reduce(uploadListReducer, state);
const withTwo = run([
  {
    type: 'add',
    items: [
      { id: 'a', file: file('a.png'), src: 'blob:a' },
      { id: 'b', file: file('b.png'), src: 'blob:b' },
    ],
  },
]);

describe('upload list', () => {
  it('adds images uncropped with quantity 1; all cropped needs at least one image and none uncropped', () => {
    expect(withTwo.items.map((i) => [i.id, i.cropped, i.quantity])).toEqual([
      ['a', false, 1],
      ['b', false, 1],
    ]);
    expect(allCropped([])).toBe(false);
    expect(allCropped(withTwo.items)).toBe(false);
    const cropped = run(
      ['a', 'b'].flatMap((id): UploadListAction[] => [
        { type: 'crop-started', id, croppedSrc: `blob:c-${id}`, area: { x: 0, y: 0, width: 10, height: 10 } },
        { type: 'crop-uploaded', id, rawImageId: `r-${id}`, croppedImageId: `c-${id}`, print: null },
      ]),
      withTwo,
    );
    expect(allCropped(cropped.items)).toBe(true);
    expect(readyForCart(cropped.items).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('reverts a failed upload to uncropped and drops the temporary preview and ids', () => {
    const state = run(
      [
        { type: 'crop-started', id: 'a', croppedSrc: 'blob:c', area: { x: 0, y: 0, width: 10, height: 10 } },
        { type: 'crop-failed', id: 'a' },
      ],
      withTwo,
    );
    expect(state.items[0]).toMatchObject({
      cropped: false,
      uploading: false,
      croppedSrc: null,
      rawImageId: null,
    });
  });

  it('keeps per-image quantities whole and at least 1; bulk sets 1 when not a number', () => {
    const state = run(
      [
        { type: 'quantity', id: 'a', value: '7' },
        { type: 'quantity', id: 'a', value: 0 },
        { type: 'quantity', id: 'a', value: 2.5 },
        { type: 'quantity', id: 'a', value: 'x' },
        { type: 'quantity', id: 'b', value: 3 },
        { type: 'toggle', id: 'b' },
        { type: 'quantity-selected', value: 'many' },
      ],
      withTwo,
    );
    expect(state.items.map((i) => i.quantity)).toEqual([7, 1]);
    expect(run([{ type: 'quantity-selected', value: '12' }], state).items.map((i) => i.quantity)).toEqual([
      7, 12,
    ]);
  });

  it('selects, selects a page, and forgets removed images in the selection; unknown ids are not selected', () => {
    const state = run(
      [
        { type: 'toggle', id: 'nope' },
        { type: 'select-page', ids: ['a', 'b'], selected: true },
        { type: 'remove', ids: ['a'] },
      ],
      withTwo,
    );
    expect([...state.selected]).toEqual(['b']);
    expect(run([{ type: 'select-page', ids: ['b'], selected: false }], state).selected.size).toBe(0);
  });

  it('pages clamp into range', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 3, 12)).toEqual({ page: 3, items: [24] });
    expect(pageOf(items, 9, 12).page).toBe(3);
    expect(pageOf(items, 0, 12).page).toBe(1);
    expect(pageOf([], 2, 12)).toEqual({ page: 1, items: [] });
  });
});
