// Product Details (spec 2 §2, §4, §9): size A5 / A4 / A3 with dimensions and descriptions, print
// notes, a quantity stepper (never below 1), the total in the chosen currency, and
// 'unit x quantity' when more than one is ordered. The total is the converted unit price x quantity,
// as the cart prices a line (money.ts convertLines): converting the USD total instead can differ by
// a yen.
import { COLLAGE_SIZES } from '@printshop/shared-events/rules/collages';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { PAYMENT_METHODS } from '@/lib/site';
import { Arrives } from '@/components/delivery-promise';
import { useShippingClaims } from '@/lib/use-shop-claims';
import { useCurrency } from '@/lib/currency/use-currency';
import type { CollageBuilder } from '../use-collage-builder';
import { Price } from '@/components/price';

export function ProductDetailsCard({ builder }: { builder: CollageBuilder }) {
  const { formatCents, convertCents, currency } = useCurrency();
  const shipping = useShippingClaims();
  const { size, total, quantity, quantityText } = builder;
  return (
    <section className="collage-card" aria-labelledby="product-details-title">
      <h3 id="product-details-title">Product Details</h3>
      <fieldset className="collage-sizes">
        <legend>Size</legend>
        {COLLAGE_SIZES.map((option) => (
          <label
            key={option.id}
            className={option.id === size ? 'collage-size collage-size--chosen' : 'collage-size'}
          >
            <input
              type="radio"
              name="collage-size"
              value={option.id}
              checked={option.id === size}
              onChange={() => builder.setSize(option.id)}
            />
            <span className="collage-size__name">{option.name}</span>
            <span className="collage-size__dimensions">{option.dimensions}</span>
            <span className="collage-size__description">{option.description}</span>
            <Price className="collage-size__price">{formatCents(option.priceUsdCents)}</Price>
          </label>
        ))}
      </fieldset>
      <ul className="collage-card__notes">
        <li>Quality: 300 DPI on 270 GSM glossy paper</li>
        <li data-testid="delivery-promise">
          Delivery: <Arrives days={shipping.days} />
        </li>
        <li>Payment: secure checkout ({PAYMENT_METHODS.join(', ')})</li>
      </ul>
      <div className="collage-quantity">
        <label htmlFor="collage-quantity">Quantity</label>
        <div className="collage-quantity__stepper">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={quantity <= 1}
            onClick={() => builder.setQuantityText(String(Math.max(1, quantity - 1)))}
          >
            −
          </button>
          <input
            id="collage-quantity"
            inputMode="numeric"
            value={quantityText}
            onChange={(event) => builder.setQuantityText(event.target.value)}
            onBlur={() => builder.setQuantityText(String(quantity))}
          />
          <button
            type="button"
            aria-label="Increase quantity"
            onClick={() => builder.setQuantityText(String(quantity + 1))}
          >
            +
          </button>
        </div>
      </div>
      <p className="collage-total">
        <span>Total price</span>
        <strong data-testid="collage-total">
          <Price>{formatMoney(convertCents(total.unitUsdCents) * total.quantity, currency)}</Price>
        </strong>
      </p>
      {total.quantity > 1 && (
        <p className="collage-total__unit" data-testid="collage-unit-line">
          <Price>{formatCents(total.unitUsdCents)}</Price> x {total.quantity}
        </p>
      )}
    </section>
  );
}
