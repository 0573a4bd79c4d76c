// The lines of an order (or a cart summary): photo, name, quantity and line total.
import { shortName } from '@printshop/shared-events/rules/catalog';
import { thumbnailOf } from '../lib/thumbnail';
import './order-lines.css';

export interface OrderLine {
  key: string;
  name: string;
  quantity: number;
  lineTotal: number;
  imageUrl?: string | undefined;
}

export function OrderLines({
  lines,
  format,
}: {
  lines: readonly OrderLine[];
  format: (amount: number) => string;
}) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.key} className="order-lines__line">
          {line.imageUrl ? (
            <img
              src={thumbnailOf(line.imageUrl, 128)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="order-lines__image"
            />
          ) : (
            <span className="order-lines__image" aria-hidden="true" />
          )}
          <span className="order-lines__name">
            {shortName(line.name)} <span className="order-lines__quantity">× {line.quantity}</span>
          </span>
          <span className="order-lines__total">{format(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}

export const orderLinesOf = (
  items: readonly {
    sku: string;
    name: string;
    quantity: number;
    lineTotal: number;
    imageUrl?: string | undefined;
  }[],
) =>
  items.map((item, i) => ({
    key: `${item.sku}-${i}`,
    name: item.name,
    quantity: item.quantity,
    lineTotal: item.lineTotal,
    imageUrl: item.imageUrl,
  }));
