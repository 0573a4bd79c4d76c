// The owner's quantity bands of a group (posters, or the upload panel's prints, strips and cards),
// set from any product of the group, checked by the rules of rules/quantity-bands.ts. Below the
// first band nothing is taken off; an empty list ends the group's bulk discount.
import { ValidationError } from '@printshop/shared-events/errors';
import type { CatalogEvent, QuantityBand } from '@printshop/shared-events/events/catalog';
import { BAND_MESSAGES, checkBands } from '@printshop/shared-events/rules/quantity-bands';
import { bandGroupOf } from '@printshop/shared-events/rules/cart-pricing';
import type { Product } from '@printshop/shared-events/rules/catalog';
import type { ShopSettings } from '@printshop/shared-events/rules/catalog-view';

const same = (a: readonly QuantityBand[], b: readonly QuantityBand[]) =>
  a.length === b.length &&
  a.every((band, i) => band.minQuantity === b[i]!.minQuantity && band.rateBps === b[i]!.rateBps);

/** QuantityBandsChanged for the product's group, none when the bands stay as they are. */
export function bandChanges(
  settings: ShopSettings,
  product: Product,
  given: unknown,
  who: { by: string; at: string },
): CatalogEvent[] {
  const group = bandGroupOf(product.family);
  if (!group) {
    const message = BAND_MESSAGES.noBands(product.sku);
    throw new ValidationError(message, { bands: message });
  }
  const bands = checkBands(given);
  const previous = settings.quantityBands[group].map((band) => ({ ...band }));
  if (same(bands, previous)) return [];
  return [{ type: 'QuantityBandsChanged', data: { group, bands, previous, ...who } }];
}
