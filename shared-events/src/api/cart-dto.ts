// A priced cart as API.md's answer: money in major units of the answer's currency. Shared by the
// command side (the item of POST/PUT) and the query side (GET /api/cart), so both say the same.
import type { PricedCart, PricedItem } from '../rules/cart-pricing';
import { toMajor } from '../rules/money';
import type { CartDto, CartItemDto } from './cart';

/** What a cart line has to carry to be shown. */
export interface CartLineView {
  lineId: string;
  sku: string;
  quantity: number;
  rawImageId?: string | null;
  croppedImageId: string;
  customizationData?: Record<string, unknown> | null;
}

export function cartItemDto(item: PricedItem<CartLineView>, currency: string): CartItemDto {
  const { line } = item;
  const dto: CartItemDto = {
    id: line.lineId,
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    pricePerUnit: toMajor(item.pricePerUnit, currency),
    lineTotal: toMajor(item.lineTotal, currency),
    cropped_image_id: line.croppedImageId,
    raw_image_id: line.rawImageId ?? null,
    imageUrl: `/images/${encodeURIComponent(line.croppedImageId)}`,
  };
  // Stored as accepted by customizationDataSchema at the edge.
  if (line.customizationData) {
    dto.customizationData = line.customizationData as NonNullable<CartItemDto['customizationData']>;
  }
  return dto;
}

/** `promotion`: the code set on the cart and, when it does not apply now, why. */
export function cartDto(
  cartId: string,
  cart: PricedCart<CartLineView>,
  promotion?: { code: string; refusal?: string },
): CartDto {
  const major = (minor: number) => toMajor(minor, cart.currency);
  const { shippingInfo } = cart;
  return {
    success: true,
    cartId,
    currency: cart.currency,
    country: cart.country,
    items: cart.items.map((item) => cartItemDto(item, cart.currency)),
    totalQuantity: cart.totalQuantity,
    subtotal: major(cart.subtotal),
    discount: major(cart.discount),
    shippingFee: major(cart.shippingFee),
    grandTotal: major(cart.grandTotal),
    freeShippingThreshold: cart.freeShippingThreshold === null ? null : major(cart.freeShippingThreshold),
    shippingInfo: {
      country: shippingInfo.country,
      countryName: shippingInfo.countryName,
      zone: shippingInfo.zone,
      currency: shippingInfo.currency,
      baseRate: shippingInfo.baseRate,
      freeShippingThreshold: shippingInfo.freeShippingThreshold,
      isFree: shippingInfo.isFree,
      estimatedDays: { ...shippingInfo.estimatedDays },
    },
    loyaltyPointsUsed: cart.loyaltyPointsUsed,
    loyaltyDiscount: major(cart.loyaltyDiscount),
    ...(promotion && {
      promotion: {
        code: promotion.code,
        discount: major(cart.promotionDiscount),
        message: promotion.refusal ?? null,
      },
    }),
  };
}
