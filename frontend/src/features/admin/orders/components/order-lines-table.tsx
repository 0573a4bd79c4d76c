// The lines of an order as the print shop needs them: the photo (a 256 px copy), product, printed
// size, the print recipe (crop, strip slots, collage template) and the DPI band judged at upload.
import type { AdminOrderDto } from '@printshop/shared-events/api/admin';
import { formatAmount } from '@/features/admin/admin-format';
import { Badge } from '@/features/admin/components/status-badge';

type Line = AdminOrderDto['items'][number];

export const thumbnailUrl = (imageId: string) => `/api/images/${encodeURIComponent(imageId)}?w=256`;

const QUALITY: Record<NonNullable<Line['printQuality']>, string> = {
  good: 'Good (250+ DPI)',
  fair: 'Fair (150–249 DPI)',
  poor: 'Poor (under 150 DPI)',
};

const round = (n: number) => Math.round(n);

function Recipe({ line }: { line: Line }) {
  const parts: string[] = [];
  if (line.crop) {
    const { x, y, width, height } = line.crop;
    parts.push(`Crop ${round(width)} × ${round(height)} px at (${round(x)}, ${round(y)})`);
  }
  if (line.images?.length)
    parts.push(`${line.images.length} photos in slots ${line.images.map((i) => i.slot).join(', ')}`);
  const custom = line.customizationData;
  if (custom) {
    parts.push(
      `${custom.templateName}, ${custom.sizeName ?? custom.size}${custom.dimensions ? ` (${custom.dimensions})` : ''}, ${custom.images.length} photos`,
    );
  }
  if (parts.length === 0) parts.push('Whole photo, as uploaded');
  return <p className="admin-recipe">{parts.join(' · ')}</p>;
}

export function OrderLinesTable({ items, currency }: { items: readonly Line[]; currency: string }) {
  return (
    <div className="admin-table-wrap">
      {/* On a phone each line stacks into a card (admin.css): the roles keep it a table for screen
          readers, which drop a table's semantics when its rows are laid out as grids. */}
      <table className="admin-table admin-lines" role="table">
        <caption className="visually-hidden">Order lines</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Photo
            </th>
            <th scope="col" role="columnheader">
              Product and print recipe
            </th>
            <th scope="col" role="columnheader">
              Print quality
            </th>
            <th scope="col" role="columnheader" className="num">
              Qty
            </th>
            <th scope="col" role="columnheader" className="num">
              Price
            </th>
            <th scope="col" role="columnheader" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {items.map((line) => (
            <tr key={line.lineId} role="row">
              <td role="cell" className="admin-lines__photo">
                <a
                  href={`/images/${encodeURIComponent(line.croppedImageId)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  <img
                    className="admin-thumb"
                    src={thumbnailUrl(line.croppedImageId)}
                    alt={`Photo for ${line.name}`}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </a>
              </td>
              <td role="cell" className="admin-lines__product">
                <strong>{line.name}</strong>
                <div className="text-muted">
                  {line.sku}
                  {line.size && ` · ${line.size}`}
                </div>
                <Recipe line={line} />
              </td>
              <td role="cell" className="admin-lines__quality">
                {line.printQuality ? (
                  <Badge tone={line.printQuality}>{QUALITY[line.printQuality]}</Badge>
                ) : (
                  <span className="text-muted">Not judged</span>
                )}
              </td>
              <td role="cell" className="num admin-lines__quantity">
                {line.quantity}
              </td>
              <td role="cell" className="num admin-lines__price">
                {formatAmount(line.pricePerUnit, currency)}
              </td>
              <td role="cell" className="num admin-lines__total">
                {formatAmount(line.lineTotal, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
