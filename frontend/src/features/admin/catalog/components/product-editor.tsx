// One product of the owner's catalog (API.md "Admin"): its name, description, pictures, price (or
// each size's price) in USD cents, whether it is for sale, and the quantity bands of its group.
// Before saving a new price or new bands the screen shows the open carts they would change (price
// preview); below, every change with who made it and when.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminProduct } from '@printshop/shared-events/api/catalog-admin';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, TextareaField } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { ApiError } from '@/lib/api-client';
import { useAdminCatalog, useEditProduct, useProductHistory, type ProductChange } from '../api/admin-catalog';
import { ChangeHistory } from './change-history';
import { PricePreview } from './price-preview';
import { bandTexts, changedBands, previewBandsParam, QuantityBandsTable } from './quantity-bands-table';
import { ProductImagesField } from './product-images-field';

export const PRODUCT_EDITOR_MESSAGES = {
  failed: 'Could not load the product.',
  notFound: 'There is no such product.',
  saveFailed: 'Could not save the product.',
  saved: 'Saved: shoppers see it now, and carts are priced with it from now on.',
  nothingChanged: 'Nothing to save: no field was changed.',
  priceHint: 'Whole USD cents, e.g. 39 for $0.39.',
} as const;

/** The price being typed as cents, or null while it is not a whole number of cents. */
const cents = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

function Editor({ product }: { product: AdminProduct }) {
  const sizes = Object.entries(product.sizePrices);
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(product.description);
  const [hidden, setHidden] = useState(product.hidden);
  const [images, setImages] = useState<string[]>(product.images);
  const [price, setPrice] = useState(String(product.priceUsdCents));
  const [sizePrices, setSizePrices] = useState<Record<string, string>>(
    Object.fromEntries(sizes.map(([id, value]) => [id, String(value)])),
  );
  const [bandRows, setBandRows] = useState(() => bandTexts(product.bands));
  const [note, setNote] = useState<string>();
  const edit = useEditProduct();
  const history = useProductHistory(product.sku);

  const change: ProductChange = {};
  if (name !== product.name) change.name = name;
  if (description !== product.description) change.description = description;
  if (hidden !== product.hidden) change.hidden = hidden;
  if (images.join('\n') !== product.images.join('\n')) change.images = images;
  if (sizes.length === 0 && price !== String(product.priceUsdCents)) change.priceUsdCents = Number(price);
  const changedSizes = sizes.filter(([id, value]) => sizePrices[id] !== String(value));
  if (changedSizes.length > 0)
    change.sizePrices = Object.fromEntries(changedSizes.map(([id]) => [id, Number(sizePrices[id])]));
  const bands = product.bandGroup ? changedBands(product.bands, bandRows) : undefined;
  if (bands) change.bands = bands;
  const fieldErrors = edit.error instanceof ApiError ? edit.error.fieldErrors : {};
  // The preview follows the first price being changed, once it is a whole number of cents, and
  // the new bands once each is a pair of whole numbers.
  const pricePreviewed =
    change.priceUsdCents !== undefined
      ? { size: null, priceUsdCents: cents(price) }
      : changedSizes[0] && {
          size: changedSizes[0][0],
          priceUsdCents: cents(sizePrices[changedSizes[0][0]] ?? ''),
        };
  const previewed = {
    size: pricePreviewed ? pricePreviewed.size : null,
    priceUsdCents: pricePreviewed ? pricePreviewed.priceUsdCents : null,
    bands: previewBandsParam(bands),
  };

  const save = () => {
    setNote(undefined);
    if (Object.keys(change).length === 0) return setNote(PRODUCT_EDITOR_MESSAGES.nothingChanged);
    edit.mutate({ sku: product.sku, change }, { onSuccess: () => setNote(PRODUCT_EDITOR_MESSAGES.saved) });
  };

  return (
    <AdminPage title={shortName(product.name)} actions={<Link to="/admin/catalog">← Catalog</Link>}>
      <p>
        {product.sku} · {product.category} · <a href={product.path}>{product.path}</a>
      </p>
      <form
        className="admin-form"
        aria-label="Edit product"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={300} />
        <TextareaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={5000}
          rows={3}
        />
        <ProductImagesField name={shortName(product.name)} images={images} onChange={setImages} />
        {sizes.length === 0 ? (
          <Field
            label="Price (USD cents)"
            inputMode="numeric"
            value={price}
            hint={PRODUCT_EDITOR_MESSAGES.priceHint}
            onChange={(e) => setPrice(e.target.value)}
          />
        ) : (
          sizes.map(([id]) => (
            <Field
              key={id}
              label={`Price ${id} (USD cents)`}
              inputMode="numeric"
              value={sizePrices[id] ?? ''}
              onChange={(e) => setSizePrices((current) => ({ ...current, [id]: e.target.value }))}
            />
          ))
        )}
        <label className="admin-checkbox">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hidden (not
          for sale)
        </label>
        {product.bandGroup && (
          <QuantityBandsTable
            group={product.bandGroup}
            rows={bandRows}
            errors={fieldErrors}
            onChange={setBandRows}
          />
        )}
        {(previewed.priceUsdCents !== null || previewed.bands !== null) && (
          <PricePreview sku={product.sku} change={previewed} />
        )}
        {edit.isError && <Alert>{serverMessageOr(edit.error, PRODUCT_EDITOR_MESSAGES.saveFailed)}</Alert>}
        {note && <p role="status">{note}</p>}
        <Button type="submit" loading={edit.isPending}>
          Save
        </Button>
      </form>
      <h2>History</h2>
      <QueryState query={history} failed="Could not load the history.">
        {({ changes }) => <ChangeHistory changes={changes} label={`Changes of ${product.sku}`} />}
      </QueryState>
    </AdminPage>
  );
}

export function ProductEditor() {
  const { sku = '' } = useParams();
  const catalog = useAdminCatalog();
  return (
    <QueryState query={catalog} failed={PRODUCT_EDITOR_MESSAGES.failed}>
      {({ products }) => {
        const product = products.find((p) => p.sku === sku.toUpperCase());
        // After a save the list comes back with the stored values, so the form shows no change left.
        return product ? (
          <Editor key={product.sku} product={product} />
        ) : (
          <Alert>{PRODUCT_EDITOR_MESSAGES.notFound}</Alert>
        );
      }}
    </QueryState>
  );
}
