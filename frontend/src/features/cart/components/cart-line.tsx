// One cart line: the customer's cropped photo, the product, its unit price, the quantity stepper,
// the line total and a remove button.
import type { CartItemDto } from '@printshop/shared-events/api/cart';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { QuantityStepper } from './quantity-stepper';

export interface CartLineProps {
  item: CartItemDto;
  format: (amount: number) => string;
  busy: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

export function CartLine({ item, format, busy, onQuantity, onRemove }: CartLineProps) {
  const name = shortName(item.name);
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <img
        className="cart-line__image"
        src={item.imageUrl || `/images/${encodeURIComponent(item.cropped_image_id)}`}
        alt={`Your photo for ${name}`}
        width={96}
        height={96}
        loading="lazy"
      />
      <div className="cart-line__details">
        <h3 className="cart-line__name">{name}</h3>
        <p className="cart-line__unit">{format(item.pricePerUnit)} each</p>
        {item.customizationData && (
          <p className="cart-line__meta">
            {item.customizationData.templateName} · {item.customizationData.size}
          </p>
        )}
        <button type="button" className="cart-line__remove" onClick={onRemove} disabled={busy}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <QuantityStepper quantity={item.quantity} itemName={name} disabled={busy} onChange={onQuantity} />
      <p className="cart-line__total" aria-label={`Line total for ${name}`}>
        {format(item.lineTotal)}
      </p>
    </li>
  );
}
