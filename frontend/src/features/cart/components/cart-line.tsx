// One cart line inside its product's group: the customer's cropped photo, its unit price, the
// quantity stepper, the line total and a remove button. `label` names its controls.
import type { CartItemDto } from '@printshop/shared-events/api/cart';
import { Price } from '@/components/price';
import { thumbnailOf } from '@/lib/thumbnail';
import { QuantityStepper } from './quantity-stepper';

export interface CartLineProps {
  item: CartItemDto;
  label: string;
  format: (amount: number) => string;
  busy: boolean;
  onQuantity(quantity: number): Promise<unknown> | void;
  onRemove(): void;
}

export function CartLine({ item, label: name, format, busy, onQuantity, onRemove }: CartLineProps) {
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <img
        className="cart-line__image"
        src={thumbnailOf(item.imageUrl || `/images/${encodeURIComponent(item.cropped_image_id)}`)}
        alt={`Your photo for ${name}`}
        width={96}
        height={96}
        loading="lazy"
      />
      <div className="cart-line__details">
        <p className="cart-line__unit">
          <Price>{format(item.pricePerUnit)}</Price> each
        </p>
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
        <Price>{format(item.lineTotal)}</Price>
      </p>
    </li>
  );
}
