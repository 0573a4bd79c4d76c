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
      <table className="admin-table">
        <caption className="visually-hidden">Order lines</caption>
        <thead>
          <tr>
            <th scope="col">Photo</th>
            <th scope="col">Product and print recipe</th>
            <th scope="col">Print quality</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((line) => (
            <tr key={line.lineId}>
              <td>
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
              <td>
                <strong>{line.name}</strong>
                <div className="text-muted">
                  {line.sku}
                  {line.size && ` · ${line.size}`}
                </div>
                <Recipe line={line} />
              </td>
              <td>
                {line.printQuality ? (
                  <Badge tone={line.printQuality}>{QUALITY[line.printQuality]}</Badge>
                ) : (
                  <span className="text-muted">Not judged</span>
                )}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatAmount(line.pricePerUnit, currency)}</td>
              <td className="num">{formatAmount(line.lineTotal, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
