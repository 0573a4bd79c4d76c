// A change history of the catalog or the settings (API.md "Admin"): who, when, what, before, after,
// newest first, read from the events.
import type { CatalogChange } from '@printshop/shared-events/api/catalog-admin';
import { formatRate } from '@printshop/shared-events/rules/discounts';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { formatDateTime } from '@/lib/format-date';

const FIELD_LABELS: Record<string, string> = {
  price: 'Price',
  name: 'Name',
  description: 'Description',
  hidden: 'Hidden',
  images: 'Pictures',
  freeShippingThreshold: 'Free-shipping threshold',
  'trust:deliveryPromise': 'Delivery promise',
  'trust:ratingText': 'Rating text',
  'bands:poster': 'Quantity bands of posters',
  'bands:upload-panel': 'Quantity bands of prints, strips and cards',
};

export function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  if (field.startsWith('price:')) return `Price ${field.slice('price:'.length)}`;
  if (field.startsWith('shipping:')) return `Shipping ${field.slice('shipping:'.length)}`;
  if (field.startsWith('currencyRate:')) return `Rate of ${field.slice('currencyRate:'.length)} per USD`;
  return field;
}

/** A value as the history shows it: cents as USD, a shipping rule as fee and days, bands as "50+ 20%". */
export function shownValue(field: string, value: unknown): string {
  if (field === 'price' || field.startsWith('price:') || field === 'freeShippingThreshold')
    return typeof value === 'number' ? formatMoney(value, 'USD') : String(value);
  if (field === 'hidden') return value ? 'Hidden' : 'Shown';
  // Pictures, main first: the code's by file name, an upload by the start of its id (short enough
  // for a phone's table).
  if (field === 'images' && Array.isArray(value))
    return value
      .map((url) => {
        const text = String(url);
        return text.startsWith('/images/products/')
          ? text.slice('/images/products/'.length)
          : `upload ${text.slice('/images/'.length, '/images/'.length + 8)}`;
      })
      .join(', ');
  if (field.startsWith('shipping:') && value && typeof value === 'object') {
    const rule = value as { feeMinor: number; estimatedDays: { min: number; max: number } };
    return `fee ${rule.feeMinor}, ${rule.estimatedDays.min}-${rule.estimatedDays.max} days`;
  }
  if (field.startsWith('bands:') && Array.isArray(value)) {
    const bands = value as Array<{ minQuantity: number; rateBps: number }>;
    return bands.length === 0
      ? 'none'
      : bands.map((b) => `${b.minQuantity}+ ${formatRate(b.rateBps)}`).join(', ');
  }
  return value === '' ? '(empty)' : String(value);
}

export function ChangeHistory({ changes, label }: { changes: readonly CatalogChange[]; label: string }) {
  if (changes.length === 0) return <p>No changes yet.</p>;
  return (
    // Wider than a phone: it scrolls sideways, so keyboard users must be able to focus it (axe).
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="admin-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={`${change.at}-${change.field}-${index}`}>
              <td>
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              </td>
              <td>{change.byEmail ?? change.by}</td>
              <td>{fieldLabel(change.field)}</td>
              <td>{shownValue(change.field, change.before)}</td>
              <td>{shownValue(change.field, change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
