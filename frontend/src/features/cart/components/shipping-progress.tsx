// Where the cart ships (a choice: detection guesses, often wrongly), how long it takes, and how far
// it is from free shipping; for a country without its own rule, the note of spec 1 §8.
import type { CartDto } from '@printshop/shared-events/api/cart';
import { countryChoices } from '@printshop/shared-events/rules/addresses';
import { UNLISTED_COUNTRY_MESSAGE } from '@printshop/shared-events/rules/shipping';
import { DeliveryPromise } from '@/components/delivery-promise';
import { SelectField } from '@/components/field';
import { Price } from '@/components/price';
import { useCurrency } from '@/lib/currency/use-currency';

export function ShippingProgress({ cart, format }: { cart: CartDto; format: (amount: number) => string }) {
  const { country, chooseCountry } = useCurrency();
  const { shippingInfo: info, freeShippingThreshold: threshold, subtotal } = cart;
  const unlisted = info.zone === 'rest_of_world';
  const remaining = threshold === null ? null : Math.max(0, threshold - subtotal);
  const share = threshold ? Math.min(100, Math.round((subtotal / threshold) * 100)) : 0;
  return (
    <section className="shipping-progress" aria-label="Shipping">
      <SelectField
        label="Shipping to"
        className="shipping-progress__where"
        value={country}
        options={countryChoices(country).map(({ code, name }) => ({ value: code, label: name }))}
        onChange={(event) => chooseCountry(event.target.value)}
      />
      <DeliveryPromise days={info.estimatedDays} />
      {threshold !== null && remaining !== null && (
        <>
          <p className="shipping-progress__message" role="status">
            {info.isFree || remaining === 0 ? (
              'You have unlocked free shipping!'
            ) : (
              <>
                Add <Price>{format(remaining)}</Price> more for free shipping.
              </>
            )}
          </p>
          <div
            className="shipping-progress__bar"
            role="progressbar"
            aria-label="Progress to free shipping"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={info.isFree ? 100 : share}
          >
            <span style={{ width: `${info.isFree ? 100 : share}%` }} />
          </div>
        </>
      )}
      {unlisted && <p className="shipping-progress__unlisted">{UNLISTED_COUNTRY_MESSAGE}</p>}
    </section>
  );
}
