// The uploads list (spec 2 §2, §4): a page of image cards, the selection tools (select all on this
// page, delete selected, set quantity for selected, delete all) and paging. Only the current page is
// rendered, so a hundred photos cost a page's worth of previews.
import { useCallback, useState } from 'react';
import { pageCount, pageOf } from '../upload-list-state';
import type { ProductCreation } from '../use-product-creation';
import { UploadCard } from './upload-card';

export const PAGE_SIZE = 12;

export function UploadsList({
  creation,
  pageSize = PAGE_SIZE,
}: {
  creation: ProductCreation;
  pageSize?: number;
}) {
  const { items, state, dispatch, remove, slots } = creation;
  const [page, setPage] = useState(1);
  const [bulk, setBulk] = useState('');
  const locked = creation.activeItem !== undefined || creation.busy;
  const current = pageOf(items, page, pageSize);
  const pages = pageCount(items.length, pageSize);
  const pageIds = current.items.map((item) => item.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => state.selected.has(id));
  const selectedCount = state.selected.size;

  const onToggle = useCallback((id: string) => dispatch({ type: 'toggle', id }), [dispatch]);
  const onQuantity = useCallback(
    (id: string, value: unknown) => dispatch({ type: 'quantity', id, value }),
    [dispatch],
  );
  const onDelete = useCallback((id: string) => remove([id]), [remove]);

  if (items.length === 0) return null;
  const ready = items.length - creation.uncropped;

  return (
    <section
      className="uploads"
      aria-labelledby="uploads-heading"
      id="uploads-list"
      data-previews-ready={items.filter((item) => item.thumbnail !== null).length}
    >
      <div className="uploads__head">
        <h2 id="uploads-heading">
          Your Photos <span className="uploads__count">({items.length})</span>
        </h2>
        <p className="uploads__progress">
          {ready} of {items.length} cropped
        </p>
        {creation.uncropped > 0 && (
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={locked}
            onClick={creation.startBatch}
          >
            Batch Crop ({creation.uncropped})
          </button>
        )}
      </div>

      <div className="uploads__toolbar" role="toolbar" aria-label="Selection">
        <label className="uploads__select-page">
          <input
            type="checkbox"
            checked={pageSelected}
            disabled={locked}
            onChange={() => dispatch({ type: 'select-page', ids: pageIds, selected: !pageSelected })}
          />
          Select all on this page
        </label>
        <span className="uploads__selected">{selectedCount} selected</span>
        {slots === 1 && (
          <form
            className="uploads__bulk"
            onSubmit={(event) => {
              event.preventDefault();
              dispatch({ type: 'quantity-selected', value: bulk });
              setBulk('');
            }}
          >
            <label>
              <span className="visually-hidden">Quantity for selected</span>
              <input
                type="text"
                inputMode="numeric"
                placeholder="Qty"
                value={bulk}
                disabled={locked || selectedCount === 0}
                onChange={(event) => setBulk(event.target.value)}
              />
            </label>
            <button
              type="submit"
              className="button button--ghost button--sm"
              disabled={locked || selectedCount === 0}
            >
              Set quantity for selected
            </button>
          </form>
        )}
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={locked || selectedCount === 0}
          onClick={() => remove([...state.selected])}
        >
          Delete selected ({selectedCount})
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={locked}
          onClick={() => remove(items.map((item) => item.id))}
        >
          Delete all
        </button>
      </div>

      <ul className="uploads__grid" aria-label="Uploaded photos">
        {current.items.map((item) => {
          const index = items.indexOf(item);
          return (
            <UploadCard
              key={item.id}
              item={item}
              stripLabel={
                slots > 1
                  ? `Strip ${Math.floor(index / slots) + 1} · photo ${(index % slots) + 1} of ${slots}`
                  : undefined
              }
              selected={state.selected.has(item.id)}
              locked={locked}
              onCrop={creation.startCrop}
              onDelete={onDelete}
              onToggle={onToggle}
              onQuantity={onQuantity}
            />
          );
        })}
      </ul>

      {pages > 1 && (
        <nav className="uploads__pager" aria-label="Photo pages">
          <button type="button" disabled={current.page <= 1} onClick={() => setPage(current.page - 1)}>
            Previous page
          </button>
          <span>
            Page {current.page} of {pages}
          </span>
          <button type="button" disabled={current.page >= pages} onClick={() => setPage(current.page + 1)}>
            Next page
          </button>
        </nav>
      )}
    </section>
  );
}
