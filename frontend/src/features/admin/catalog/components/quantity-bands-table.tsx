// The quantity bands of a product's group (API.md "Admin", PATCH /api/admin/catalog/:sku `bands`):
// one row per band, its first quantity and its discount in basis points, rows added and removed
// here; every product of the group shares them. The server checks them and its message for an
// input (`bands.1.rateBps`) is shown on that input; one about the whole list above the table.
import type { AdminProduct } from '@printshop/shared-events/api/catalog-admin';
import { formatRate } from '@printshop/shared-events/rules/discounts';
import { Button } from '@/components/button';

export interface BandRowText {
  minQuantity: string;
  rateBps: string;
}

type Band = AdminProduct['bands'][number];

export const BAND_GROUP_NAMES: Record<NonNullable<AdminProduct['bandGroup']>, string> = {
  poster: 'every poster',
  'upload-panel': 'every print, photo strip and greeting card',
};

export const bandTexts = (bands: readonly Band[]): BandRowText[] =>
  bands.map((band) => ({ minQuantity: String(band.minQuantity), rateBps: String(band.rateBps) }));

// Text that is not a number is sent as null (JSON has no NaN), so the server names the input.
const asNumber = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** The rows as bands when they differ from the saved ones; undefined when nothing changed. */
export function changedBands(saved: readonly Band[], rows: readonly BandRowText[]): Band[] | undefined {
  const texts = bandTexts(saved);
  const same =
    texts.length === rows.length &&
    texts.every((t, i) => t.minQuantity === rows[i]!.minQuantity && t.rateBps === rows[i]!.rateBps);
  if (same) return undefined;
  return rows.map((row) => ({ minQuantity: asNumber(row.minQuantity), rateBps: asNumber(row.rateBps) }));
}

/** The bands as the preview takes them (`10:1500,50:2500`, `none`), or null while one is not a whole number. */
export function previewBandsParam(bands: readonly Band[] | undefined): string | null {
  if (!bands) return null;
  const whole = bands.every((b) => Number.isInteger(b.minQuantity) && Number.isInteger(b.rateBps));
  const small = bands.every(
    (b) => b.minQuantity >= 0 && b.minQuantity < 1e6 && b.rateBps >= 0 && b.rateBps < 1e5,
  );
  if (!whole || !small || bands.length > 8) return null;
  return bands.length === 0 ? 'none' : bands.map((b) => `${b.minQuantity}:${b.rateBps}`).join(',');
}

const rateText = (text: string) => {
  const bps = asNumber(text);
  return Number.isInteger(bps) && bps >= 0 && bps <= 10_000 ? formatRate(bps) : '';
};

export function QuantityBandsTable({
  group,
  rows,
  errors,
  onChange,
}: {
  group: NonNullable<AdminProduct['bandGroup']>;
  rows: readonly BandRowText[];
  errors: Readonly<Record<string, string>>;
  onChange: (rows: BandRowText[]) => void;
}) {
  const setRow = (index: number, field: keyof BandRowText, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const listError = errors.bands ?? rows.map((_, i) => errors[`bands.${i}`]).find(Boolean);
  // A new band starts at twice the last one (the owner edits it); the first at 10.
  const lastMin = rows.length > 0 ? asNumber(rows.at(-1)!.minQuantity) : 5;
  const added: BandRowText = {
    minQuantity: Number.isInteger(lastMin) ? String(lastMin * 2) : '',
    rateBps: '',
  };
  return (
    <section className="admin-bands" aria-labelledby="bands-heading">
      <h2 id="bands-heading">Quantity bands</h2>
      <p className="field__hint">
        Shared by {BAND_GROUP_NAMES[group]}: the cart’s total quantity of them picks the band. Below the first
        band nothing is taken off; the discount is in basis points (100 = 1%).
      </p>
      {listError && (
        <p className="field__error" role="alert">
          {listError}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Quantity bands of {BAND_GROUP_NAMES[group]}</caption>
          <thead>
            <tr>
              <th scope="col">From quantity</th>
              <th scope="col">Discount (bps)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={3}>No bands: no bulk discount.</td>
              </tr>
            )}
            {rows.map((row, index) => {
              const n = index + 1;
              const minError = errors[`bands.${index}.minQuantity`];
              const rateError = errors[`bands.${index}.rateBps`];
              return (
                <tr key={index} data-testid={`band-row-${n}`}>
                  <td>
                    <input
                      aria-label={`Band ${n} from quantity`}
                      aria-invalid={minError ? true : undefined}
                      aria-describedby={minError ? `band-${n}-min-error` : undefined}
                      className="field__control"
                      inputMode="numeric"
                      size={6}
                      value={row.minQuantity}
                      onChange={(e) => setRow(index, 'minQuantity', e.target.value)}
                    />
                    {minError && (
                      <p id={`band-${n}-min-error`} className="field__error" role="alert">
                        {minError}
                      </p>
                    )}
                  </td>
                  <td>
                    <input
                      aria-label={`Band ${n} discount (basis points)`}
                      aria-invalid={rateError ? true : undefined}
                      aria-describedby={rateError ? `band-${n}-rate-error` : `band-${n}-rate`}
                      className="field__control"
                      inputMode="numeric"
                      size={6}
                      value={row.rateBps}
                      onChange={(e) => setRow(index, 'rateBps', e.target.value)}
                    />
                    <span id={`band-${n}-rate`} className="admin-bands__rate">
                      {rateText(row.rateBps)}
                    </span>
                    {rateError && (
                      <p id={`band-${n}-rate-error`} className="field__error" role="alert">
                        {rateError}
                      </p>
                    )}
                  </td>
                  <td>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove band ${n}`}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button type="button" variant="secondary" onClick={() => onChange([...rows, added])}>
        Add band
      </Button>
    </section>
  );
}
